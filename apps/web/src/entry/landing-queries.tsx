import { useEffect, useState } from 'react';
import { QueryClientProvider, useQuery, type Query } from '@tanstack/react-query';
import { getMaintenance, getNotifications, type Maintenance } from '../api/entry.ts';
import { queryClient } from '../api/query-client.ts';
import type { LandingAnswers } from './landing-answers.tsx';

// The landing modals' live answers (GET /api/maintenance, GET /api/notifications/…) through
// TanStack Query: a chunk of its own, loaded once the entry page is on screen. The answers the
// server rendered the page with seed the cache first, so hydration is followed by no request for
// the same data (docs/decisions/0216-landing-modal-in-the-first-html.md).

/** What the queries know: undefined while an answer is not there (not asked yet, or on its way). */
export interface LiveAnswers {
  maintenance: Maintenance | null | undefined;
  notices: string[] | undefined;
  failed: boolean;
}

interface LandingQueriesProps {
  bankCode: string;
  noticeTarget: string;
  wantsNotices: boolean;
  /** The answers the page was rendered with (only for the mount that hydrated it). */
  server: LandingAnswers | null;
  onAnswers: (answers: LiveAnswers) => void;
}

/** How long the page's own maintenance answer counts as fresh (the landing checks it on every other mount). */
const pageAnswerFreshMs = 10_000;
const seeded = new WeakSet<LandingAnswers>();
let seededAt = -1;

const maintenanceKey = (bankCode: string) => ['maintenance', bankCode] as const;
const noticesKey = (target: string) => ['notifications', target] as const;

/** Puts the server's answers in the cache, once per page. */
function seed(bankCode: string, server: LandingAnswers | null): void {
  if (!server || seeded.has(server)) return;
  seeded.add(server);
  seededAt = Date.now();
  queryClient.setQueryData(maintenanceKey(bankCode), server.maintenance, { updatedAt: seededAt });
  if (server.notices) queryClient.setQueryData(noticesKey(server.notices.target), server.notices.list, { updatedAt: seededAt });
}

/** The page's maintenance answer stays fresh for a moment; any other is checked again on each landing. */
const maintenanceStaleTime = (query: Query<Maintenance | null, Error, Maintenance | null, readonly unknown[]>) =>
  query.state.dataUpdatedAt === seededAt ? pageAnswerFreshMs : 0;

export function LandingQueries(props: LandingQueriesProps) {
  useState(() => seed(props.bankCode, props.server));
  return (
    <QueryClientProvider client={queryClient}>
      <Answers {...props} />
    </QueryClientProvider>
  );
}

function Answers({ bankCode, noticeTarget, wantsNotices, onAnswers }: LandingQueriesProps) {
  const maintenance = useQuery({
    queryKey: maintenanceKey(bankCode),
    queryFn: ({ signal }) => getMaintenance(signal),
    staleTime: maintenanceStaleTime,
  });
  const notices = useQuery({
    queryKey: noticesKey(noticeTarget),
    queryFn: ({ signal }) => getNotifications(noticeTarget, signal),
    enabled: wantsNotices,
  });
  const failed = maintenance.isError || notices.isError;
  const maintenanceData = maintenance.isSuccess ? maintenance.data : undefined;
  const noticesData = notices.isSuccess ? notices.data : undefined;
  useEffect(() => {
    onAnswers({ maintenance: maintenanceData, notices: noticesData, failed });
  }, [maintenanceData, noticesData, failed, onAnswers]);
  return null;
}
