import type { FormInstance } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useBlocker } from 'react-router';
import { feedback } from './feedback';
import { usePageTab } from './page-tab';

/**
 * Typed work is never dropped without asking (放弃未保存的修改？): 取消, leaving the page, closing its tab or the browser
 * tab. A form says it holds unsaved work with `useUnsavedForm` (an antd form) or `useUnsavedChanges` (anything else);
 * the app's page area and tab bar ask before dropping a page that does (`hasUnsavedWork`), and
 * <UnsavedChangesPrompt /> asks before a navigation that would unmount it and before the browser tab closes.
 */

export const DISCARD_TITLE = '放弃未保存的修改？';

/** A form's unsaved work as the page area sees it. */
interface Work {
  /** The tab (page cache key) of the page holding the form; null outside the tab bar. */
  tabKey: string | null;
  /** The page instance in that tab; null outside the tab bar. */
  instance: string | null;
  /** The page stays mounted (hidden) when another is shown: navigating away loses nothing. */
  kept: boolean;
  /** Whether the page is the one on screen. */
  shown: () => boolean;
  unsaved: () => boolean;
}

/**
 * The forms on screen, and those of hidden tabs (their work waits in their tab): effects stop while a tab is hidden,
 * so a form leaves this set only when it goes away on screen; the page area forgets those of pages it dropped.
 */
const works = new Set<Work>();

/** Whether a form holds unsaved work: any at all, or in the pages of these tabs. */
export function hasUnsavedWork(tabKeys?: readonly string[]): boolean {
  for (const work of works) {
    if (tabKeys && (work.tabKey === null || !tabKeys.includes(work.tabKey))) continue;
    if (work.unsaved()) return true;
  }
  return false;
}

/**
 * Forgets the forms of pages the page area no longer holds (their tab closed or refreshed, a page that is not kept
 * left): `alive` is asked with each form's tab and page instance.
 */
export function forgetUnsavedWork(alive: (tabKey: string, instance: string | null) => boolean): void {
  for (const work of works)
    if (work.tabKey !== null && !alive(work.tabKey, work.instance)) works.delete(work);
}

let asking: Promise<boolean> | null = null;

/** Asks 放弃未保存的修改？; resolves true when the user drops the work. One dialog however often it is asked. */
export function confirmDiscard(): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    feedback.modal.confirm({
      title: DISCARD_TITLE,
      content: '填写的内容还没有保存，离开后将丢失。',
      okText: '放弃修改',
      cancelText: '继续编辑',
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
      // Closed another way (the app unmounting it): the work stays.
      afterClose: () => resolve(false),
    });
  }).finally(() => {
    asking = null;
  });
  return asking;
}

export interface UnsavedChanges {
  /** Runs `then` at once when nothing typed is unsaved, else after 放弃未保存的修改？ is confirmed (取消, closing). */
  confirmDiscard(then: () => void): void;
  /**
   * Runs a save: while it runs, leaving asks nothing (the page leaves when it succeeds); when it succeeds, what is
   * typed counts as saved. A failure rejects as the save did, and the work counts as unsaved again.
   */
  whileSaving<T>(save: () => Promise<T>): Promise<T>;
}

/**
 * A form's unsaved work, for what is not an antd form (`unsaved` tells it); `active` false while the form is not there
 * (a closed dialog). `saved` is called when a save succeeded, so `unsaved` can start again from what was saved.
 */
export function useUnsavedChanges(
  unsaved: () => boolean,
  { active = true, saved }: { active?: boolean; saved?: () => void } = {},
): UnsavedChanges {
  const tab = usePageTab();
  const latest = useRef({ unsaved, saved });
  latest.current = { unsaved, saved };
  const saving = useRef(0);
  const work = useMemo<Work>(
    () => ({
      tabKey: tab?.key ?? null,
      instance: tab?.instance ?? null,
      kept: tab?.kept ?? false,
      shown: () => tab?.shown?.() ?? true,
      unsaved: () => saving.current === 0 && latest.current.unsaved(),
    }),
    [tab],
  );
  useEffect(() => {
    if (!active) return;
    works.add(work);
    return () => {
      // Hidden with its tab, the form keeps its work (and counts); gone from the screen, it holds none.
      if (work.shown()) works.delete(work);
    };
  }, [work, active]);

  const confirmLeave = useCallback(
    (then: () => void) => {
      if (!work.unsaved()) {
        then();
        return;
      }
      void confirmDiscard().then((drop) => {
        if (!drop) return;
        works.delete(work);
        then();
      });
    },
    [work],
  );
  const whileSaving = useCallback(async <T,>(save: () => Promise<T>): Promise<T> => {
    saving.current += 1;
    try {
      const result = await save();
      latest.current.saved?.();
      return result;
    } finally {
      saving.current -= 1;
    }
  }, []);
  return useMemo(() => ({ confirmDiscard: confirmLeave, whileSaving }), [confirmLeave, whileSaving]);
}

/**
 * An antd form's unsaved work: a field the user changed whose value now differs from the one the form started with
 * (or last saved). `active` false while the form is not there (a closed dialog): it starts afresh when it opens.
 */
export function useUnsavedForm(form: FormInstance, active = true): UnsavedChanges {
  const baseline = useRef<string | null>(null);
  // A field unregisters while its tab is hidden, and with it what it knew: whether the user changed it.
  const touched = useRef(false);
  const isTouched = useCallback(() => {
    if (form.isFieldsTouched()) touched.current = true;
    return touched.current;
  }, [form]);
  // Runs before the fields' own cleanup (a parent's first) as the tab hides.
  useLayoutEffect(() => () => void isTouched(), [isTouched]);
  const snapshot = useCallback(() => {
    try {
      return JSON.stringify(form.getFieldsValue(true));
    } catch {
      return null;
    }
  }, [form]);
  useEffect(() => {
    if (!active) {
      baseline.current = null;
      touched.current = false;
      return;
    }
    // Once per opening: a tab shown again keeps the baseline it had.
    baseline.current ??= snapshot();
  }, [active, snapshot]);
  return useUnsavedChanges(
    () => {
      if (!isTouched()) return false;
      const now = snapshot();
      return now === null || now !== baseline.current;
    },
    { active, saved: () => (baseline.current = snapshot()) },
  );
}

/**
 * Asks before a navigation (a link, the sidebar, the tab bar, back) would unmount a form with unsaved work: the
 * page is not kept in a hidden tab. Asks the browser to confirm closing or reloading while any form, on screen or
 * in a hidden tab, holds unsaved work. Mounted once, inside the router (the app's layout, the tests' page).
 */
export function UnsavedChangesPrompt() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search &&
      [...works].some((w) => w.shown() && !w.kept && w.unsaved()),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((drop) => {
      if (!drop) {
        blocker.reset();
        return;
      }
      for (const w of works) if (w.shown() && !w.kept) works.delete(w);
      blocker.proceed();
    });
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedWork()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return null;
}
