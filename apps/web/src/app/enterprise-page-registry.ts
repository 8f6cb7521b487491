import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * Enterprise static route name (enterprise-pages.ts `name`) → its page. A name not listed here
 * shows the placeholder with the page title; a new page is one line here.
 */
export const enterprisePageRegistry: Readonly<Record<string, PageLoader>> = {};
