/*
 * Menu kinds and the portals with server menus, without zod: the signed-in layout reads them on its first screen,
 * which loads no zod; `access.ts` re-exports them beside the menu schemas.
 */

/** Server menus and role-based access (spec §3 "Server menu item", §6; DOMAIN.md roles). */
export const MenuType = { DIRECTORY: 1, PAGE: 2, BUTTON: 3 } as const;
export type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];

/** Role types whose menus come from the server (the enterprise uses static routes). */
export const MENU_PORTALS = [2, 3, 4] as const;
export type MenuPortal = (typeof MENU_PORTALS)[number];
