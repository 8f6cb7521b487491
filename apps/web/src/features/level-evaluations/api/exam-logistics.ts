import type {
  EvaluationMethodRow,
  ExamRoomBody,
  ExamSessionBody,
  ExamSessionList,
  PlanLogistics,
  SeatingResult,
  SeatRow,
  TicketJob,
  TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { TicketStatus } from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { isTestPlan, type PlanRef, planPath } from './plan-path';
import { evaluationKeys, useRefreshPlan } from './plans';

/**
 * A plan's exam logistics: sessions (场次), rooms (考场), seating and admission tickets (准考证), the same routes under
 * the plan's own path (`/api/testPlans/{id}/…` or `/api/levelEvaluations/{id}/…`, `planPath`), so one set of panels
 * serves an institution's test plan and an enterprise plan that seats its staff.
 */
export const logisticsKeys = {
  sessions: (id: string) => [...evaluationKeys.plan(id), 'sessions'] as const,
  seats: (id: string) => [...evaluationKeys.plan(id), 'seats'] as const,
  tickets: (id: string) => [...evaluationKeys.plan(id), 'tickets'] as const,
};

/** What the logistics panels read of a plan's detail: a test plan's and an enterprise plan's both have it. */
export type LogisticsPlan = PlanRef &
  PlanLogistics & {
    name: string;
    methods: EvaluationMethodRow[];
    abilities: { can_edit_sessions: boolean; can_seat: boolean; can_render_tickets: boolean };
  };

// ------------------------------------------------------------------------------------- sessions and rooms

/** `GET …/sessions`: sessions in time order with their rooms, and the warnings. */
export const useExamSessions = (plan: PlanRef, enabled = true) =>
  useQuery({
    queryKey: logisticsKeys.sessions(plan._id),
    queryFn: () => request<ExamSessionList>('GET', `${planPath(plan)}/sessions`),
    enabled,
  });

/** Every change of sessions and rooms answers the whole list; the plan's counts and warnings follow. */
export function useSessionMutations(plan: PlanRef) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlan();
  const base = planPath(plan);
  const id = plan._id;
  const after = {
    onSuccess: (list: ExamSessionList) => {
      queryClient.setQueryData(logisticsKeys.sessions(id), list);
      refresh(null, id);
    },
  };
  return {
    saveSession: useMutation({
      mutationFn: ({ sessionId, body }: { sessionId: string | null; body: ExamSessionBody }) =>
        sessionId
          ? request<ExamSessionList>('PATCH', `${base}/sessions/${sessionId}`, { body })
          : request<ExamSessionList>('POST', `${base}/sessions`, { body }),
      ...after,
    }),
    deleteSession: useMutation({
      mutationFn: (sessionId: string) => request<ExamSessionList>('DELETE', `${base}/sessions/${sessionId}`),
      ...after,
    }),
    saveRoom: useMutation({
      mutationFn: ({ roomId, body }: { roomId: string | null; body: ExamRoomBody }) =>
        roomId
          ? request<ExamSessionList>('PATCH', `${base}/rooms/${roomId}`, { body })
          : request<ExamSessionList>('POST', `${base}/rooms`, { body }),
      ...after,
    }),
    deleteRoom: useMutation({
      mutationFn: (roomId: string) => request<ExamSessionList>('DELETE', `${base}/rooms/${roomId}`),
      ...after,
    }),
  };
}

// --------------------------------------------------------------------------------------- seating, tickets

export interface SeatQuery {
  session_id?: string | null;
  room_id?: string | null;
  keyword?: string;
  page: number;
  per_page: number;
}

/** `GET …/seats`: the seating chart. */
export const useSeats = (plan: PlanRef, query: SeatQuery) =>
  useQuery({
    queryKey: [...logisticsKeys.seats(plan._id), query],
    queryFn: () => request<Paged<SeatRow>>('GET', `${planPath(plan)}/seats`, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** `POST …/seating`: seats the plan's approved examinees (编排考场, or 重新编排考场). */
export function useSeating(plan: PlanRef) {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: (mode: 1 | 2) =>
      request<SeatingResult>('POST', `${planPath(plan)}/seating`, { body: { mode } }),
    onSuccess: () => refresh(null, plan._id),
  });
}

/** How often a ticket job still rendering is asked again, besides its end message. */
export const TICKET_POLL_MS = 2000;

/** `GET …/tickets`: the job's progress and each room's PDF; asked again while it renders. */
export const useTicketOverview = (plan: PlanRef) =>
  useQuery({
    queryKey: logisticsKeys.tickets(plan._id),
    queryFn: () => request<TicketOverview>('GET', `${planPath(plan)}/tickets`),
    refetchInterval: (query) =>
      query.state.data?.status === TicketStatus.RENDERING ? TICKET_POLL_MS : false,
  });

/** `POST …/tickets`: renders every room's tickets in the background. */
export function useRenderTickets(plan: PlanRef) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: () => request<TicketJob>('POST', `${planPath(plan)}/tickets`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: logisticsKeys.tickets(plan._id) });
      refresh(null, plan._id);
    },
  });
}

/** The ticket files: a room's PDF, the zip, and one person's own ticket (an examinee's, or a candidate's). */
export const ticketFileRoutes = (plan: PlanRef) => ({
  room: (roomId: string) => `${planPath(plan)}/tickets/rooms/${roomId}`,
  zip: `${planPath(plan)}/tickets/zip`,
  person: (personId: string) =>
    `${planPath(plan)}/${isTestPlan(plan) ? 'examinees' : 'candidates'}/${personId}/ticket`,
});
