import type { ExamCardRow, MarkingItem } from '@skill-cert/shared/exam-tasks';
import { App } from 'antd';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, errorMessage } from '@/shared/http';
import { useUnsavedChanges } from '@/shared/unsaved-changes';
import { fetchCard, saveItemScore } from './examiner-api';

/** What the examiner has typed into one item and the server does not hold yet. */
export interface Draft {
  score: string;
  remark: string;
  /** Why the typed score cannot be saved (shown under it), or the server's refusal. */
  error: string | null;
}

/** While typing, a score waits this long for the next key before it is saved; leaving the box saves at once. */
export const SAVE_DELAY_MS = 600;

const keyOf = (cardId: string, itemNo: number) => `${cardId}:${itemNo}`;

const replaceCard = (cards: { current: ExamCardRow[] | null }, card: ExamCardRow) => {
  cards.current = (cards.current ?? []).map((c) => (c._id === card._id ? card : c));
};

/** Forgets what was typed into a card (it is read again from the server). */
function dropCardDrafts(
  drafts: Map<string, Draft>,
  timers: Map<string, ReturnType<typeof setTimeout>>,
  cardId: string,
) {
  for (const key of [...drafts.keys()])
    if (key.startsWith(`${cardId}:`)) {
      drafts.delete(key);
      clearTimeout(timers.get(key));
      timers.delete(key);
    }
}

/** A typed score as the server takes it (steps of 0.5 up to the item's maximum), or why not. */
export function parseScore(text: string, max: number): { value: number | null; error: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  if (!/^\d+(\.\d+)?$/.test(t)) return { value: null, error: '分数应为数字' };
  const n = Number(t);
  if (!Number.isInteger(n * 2)) return { value: null, error: '分数须为0.5的整数倍' };
  if (n > max) return { value: null, error: `得分不能超过该题满分 ${max}` };
  return { value: n, error: null };
}

/**
 * The cards of a task as scored on the page: what the server holds, plus drafts typed over it. Each item saves on its
 * own after a pause in typing (or when its box is left), with the version read; saves of one item go one after the
 * other, each with the version the last answer gave. A stale save (409) says so and reloads that card.
 */
export function useCardScores(
  taskId: string,
  loaded: ExamCardRow[] | undefined,
  items: MarkingItem[],
  onProgress: (done: number, total: number) => void,
) {
  const { message } = App.useApp();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const cards = useRef<ExamCardRow[] | null>(null);
  const drafts = useRef(new Map<string, Draft>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const chains = useRef(new Map<string, Promise<void>>());
  const saving = useRef(0);
  const progress = useRef(onProgress);
  progress.current = onProgress;

  // A fresh read (after submitting, say) replaces the cards only while nothing typed waits for the server.
  const lastLoaded = useRef<ExamCardRow[] | undefined>(undefined);
  if (loaded && loaded !== lastLoaded.current) {
    if (cards.current === null || (drafts.current.size === 0 && saving.current === 0)) cards.current = loaded;
    lastLoaded.current = loaded;
  }

  const maxOf = useCallback((itemNo: number) => items.find((i) => i.item_no === itemNo)?.max ?? 0, [items]);

  const send = useCallback(
    (cardId: string, itemNo: number): Promise<void> => {
      const key = keyOf(cardId, itemNo);
      clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      const run = async () => {
        const draft = drafts.current.get(key);
        const card = cards.current?.find((c) => c._id === cardId);
        const item = card?.items.find((i) => i.item_no === itemNo);
        if (!draft || !item) return;
        const parsed = parseScore(draft.score, maxOf(itemNo));
        if (parsed.error) return;
        const remark = draft.remark.trim() || null;
        if (parsed.value === item.score && remark === (item.remark ?? null)) {
          drafts.current.delete(key);
          rerender();
          return;
        }
        saving.current += 1;
        rerender();
        try {
          const answer = await saveItemScore(taskId, cardId, itemNo, {
            score: parsed.value,
            remark,
            version: item.version,
          });
          replaceCard(cards, answer.card);
          progress.current(answer.done, answer.total);
          // Typed on meanwhile: that draft stays and its own save follows.
          if (drafts.current.get(key) === draft) drafts.current.delete(key);
        } catch (error) {
          if (error instanceof ApiError && error.code === 409) {
            message.error(error.message);
            dropCardDrafts(drafts.current, timers.current, cardId);
            const fresh = await fetchCard(taskId, cardId).catch(() => null);
            if (fresh) replaceCard(cards, fresh);
          } else {
            const now = drafts.current.get(key);
            if (now) drafts.current.set(key, { ...now, error: errorMessage(error) });
            message.error(errorMessage(error));
          }
        } finally {
          saving.current -= 1;
          rerender();
        }
      };
      const next = (chains.current.get(key) ?? Promise.resolve()).then(run);
      const settled = next.catch(() => undefined);
      chains.current.set(key, settled);
      return settled;
    },
    [taskId, maxOf, message],
  );

  /** Records what was typed; a valid score is saved after a pause. */
  const type = useCallback(
    (cardId: string, itemNo: number, change: Partial<Pick<Draft, 'score' | 'remark'>>) => {
      const key = keyOf(cardId, itemNo);
      const item = cards.current?.find((c) => c._id === cardId)?.items.find((i) => i.item_no === itemNo);
      const before = drafts.current.get(key) ?? {
        score: item?.score === null || item?.score === undefined ? '' : String(item.score),
        remark: item?.remark ?? '',
        error: null,
      };
      const next = { ...before, ...change };
      next.error = parseScore(next.score, maxOf(itemNo)).error;
      drafts.current.set(key, next);
      rerender();
      clearTimeout(timers.current.get(key));
      if (!next.error)
        timers.current.set(
          key,
          setTimeout(() => void send(cardId, itemNo), SAVE_DELAY_MS),
        );
    },
    [maxOf, send],
  );

  /** Saves at once what waits for a pause (leaving the box). */
  const flush = useCallback(
    (cardId: string, itemNo: number) => {
      if (timers.current.has(keyOf(cardId, itemNo))) void send(cardId, itemNo);
    },
    [send],
  );

  /** Saves everything waiting and resolves once every save has its answer (before submitting). */
  const flushAll = useCallback(async () => {
    for (const key of [...timers.current.keys()]) {
      const [cardId, itemNo] = key.split(':');
      void send(cardId, Number(itemNo));
    }
    await Promise.all([...chains.current.values()]);
  }, [send]);

  // Leaving the page saves what still waits for a pause.
  useEffect(
    () => () => {
      for (const key of [...timers.current.keys()]) {
        const [cardId, itemNo] = key.split(':');
        void send(cardId, Number(itemNo));
      }
    },
    [send],
  );

  /** The score and remark shown in an item's boxes: the draft, else what the server holds. */
  const shownOf = (card: ExamCardRow, itemNo: number): Draft => {
    const draft = drafts.current.get(keyOf(card._id, itemNo));
    if (draft) return draft;
    const item = card.items.find((i) => i.item_no === itemNo);
    return {
      score: item?.score === null || item?.score === undefined ? '' : String(item.score),
      remark: item?.remark ?? '',
      error: null,
    };
  };

  /** Every item of the card holds a valid score (typed or saved). */
  const isComplete = (card: ExamCardRow) =>
    items.every((i) => {
      const v = shownOf(card, i.item_no);
      const parsed = parseScore(v.score, i.max);
      return !parsed.error && parsed.value !== null;
    });

  const totalOf = (card: ExamCardRow): number | null => {
    const scores = items.map((i) => parseScore(shownOf(card, i.item_no).score, i.max).value);
    return scores.some((s) => s !== null) ? scores.reduce<number>((sum, s) => sum + (s ?? 0), 0) : null;
  };

  // Leaving asks first while a typed score is refused or not saved yet (what waits for a pause is saved on leaving).
  useUnsavedChanges(() => saving.current > 0 || [...drafts.current.values()].some((d) => d.error !== null));

  return {
    cards: cards.current,
    type,
    flush,
    flushAll,
    shownOf,
    isComplete,
    totalOf,
    saving: saving.current > 0,
    pending: timers.current.size > 0,
  };
}
