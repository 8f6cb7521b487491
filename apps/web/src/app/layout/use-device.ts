import { MOBILE_BREAKPOINT_PX } from '@skill-cert/shared/constants';
import { useEffect } from 'react';
import { type DeviceType, useLayoutSettings } from '@/shared/layout-settings/layout-settings';

/** Under 992 px wide the device is mobile (spec §2 Layout, §9). */
export const deviceForWidth = (width: number): DeviceType =>
  width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';

/** Keeps the device type in the settings store as the window is resized. */
export function useDeviceWatcher(): void {
  const setDevice = useLayoutSettings((s) => s.setDevice);
  useEffect(() => {
    const update = () => setDevice(deviceForWidth(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setDevice]);
}
