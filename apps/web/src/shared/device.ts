const PHONE_UA = /Android|webOS|iPhone|iPod|BlackBerry|IEMobile|Windows Phone|Opera Mini|Mobile/i;

/** A phone gets only the notice 请使用电脑端打开 (spec §1). An iPad counts as a computer. */
export function isPhoneUserAgent(userAgent: string): boolean {
  if (/iPad/i.test(userAgent)) return false;
  return PHONE_UA.test(userAgent);
}
