/** Titles of the role home pages (spec §2 landing table); the pages themselves come in later issues. */
export const roleHomeTitles: Record<string, string> = {
  '/record-application': '备案申请',
  '/company': '企业管理',
  '/record-center': '备案中心',
  '/exam-task': '考评任务',
};
