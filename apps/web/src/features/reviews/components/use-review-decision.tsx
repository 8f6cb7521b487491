import { type ReviewKindValue, reviewOutcomeMessages } from '@skill-cert/shared/reviews';
import { App } from 'antd';
import { useState } from 'react';
import { RejectModal } from '@/shared/components/reject-modal';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useDecideReview } from '../api/reviews';

/** What a decision is about: the row's or the detail's kind, id and title. */
export interface ReviewTarget {
  kind: ReviewKindValue;
  _id: string;
  title: string;
  kind_text: string;
  company_name: string;
}

/**
 * 通过 (after a confirmation) and 驳回 (with a required reason) of an item of the queue, from its row or its detail:
 * `approve(item)`, `reject(item)`, and the reason dialog to render once.
 */
export function useReviewDecision(onDecided?: () => void) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const decide = useDecideReview();
  const [rejecting, setRejecting] = useState<ReviewTarget | null>(null);

  const approve = (item: ReviewTarget) => {
    let once: Promise<void> | null = null;
    confirmOnce({
      title: '提示',
      content: `确定通过「${item.company_name}」的${item.kind_text} ${item.title} 吗？`,
      okText: '确定',
      cancelText: '取消',
      // A second click on 确定 (before the loading state shows, or while the dialog closes) sends nothing more.
      onOk: () => {
        once ??= decide.mutateAsync({ kind: item.kind, id: item._id, decision: 'approve' }).then(
          (result) => {
            message.success(reviewOutcomeMessages[result.outcome]);
            onDecided?.();
          },
          () => {
            once = null;
          },
        );
        return once;
      },
    });
  };

  const rejectDialog = (
    <RejectModal
      open={rejecting !== null}
      title={rejecting ? `驳回${rejecting.kind_text} ${rejecting.title}` : '驳回'}
      saving={decide.isPending}
      onCancel={() => setRejecting(null)}
      onReject={(reason) =>
        rejecting
          ? decide.mutateAsync({ kind: rejecting.kind, id: rejecting._id, decision: 'reject', reason }).then(
              (result) => {
                message.success(reviewOutcomeMessages[result.outcome]);
                setRejecting(null);
                onDecided?.();
              },
              () => undefined,
            )
          : Promise.resolve()
      }
    />
  );

  return { approve, reject: setRejecting, rejectDialog };
}
