/** A file name safe on every system: no path separators, control characters or characters Windows refuses. */
export const safeFileName = (name: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out.
  name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || '未命名';

/**
 * The download name of a plan's zip, after the plan: `{计划编号}_{计划名称}_{what}.zip` (证书, 档案), the number left
 * out while the plan has none.
 */
export const planZipName = (plan: { planNo: string | null; name: string }, what: string): string =>
  safeFileName(`${[plan.planNo, plan.name.trim(), what].filter(Boolean).join('_')}.zip`);
