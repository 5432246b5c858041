import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { applicationDetailSchema } from '@koza/domain/api/admin';
import { ApiProblem, post } from '../../api.ts';
import { Outcome } from '../../outcome.tsx';
import { useApiMutation, useApiQuery } from '../../queries.ts';
import { ApplicantAnswers } from './applicant-answers.tsx';
import { CaseDecision } from './case-decision.tsx';
import { CaseHistory } from './case-history.tsx';
import { CaseSummary } from './case-summary.tsx';
import { DecisionDialog, type DecisionDialogKind } from './decision-dialogs.tsx';
import { ProviderEvidence } from './provider-evidence.tsx';
import { SubmittedDocuments } from './submitted-documents.tsx';

/** 申込詳細, the case view: the summary, the decision, what the eKYC provider checked, the documents, the answers and the history. */
export function ApplicationDetailScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  // The list's filters and page come back with the Back link (the list put them in the link's state).
  const back = `/${typeof location.state === 'object' && location.state && 'search' in location.state ? String(location.state.search) : ''}`;
  const query = useApiQuery(`/applications/${encodeURIComponent(id)}`, applicationDetailSchema);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DecisionDialogKind | null>(null);
  const act = useApiMutation((action: string) => post(`/applications/${encodeURIComponent(id)}/${action}`), ['/applications']);
  const detail = query.data;

  if (!detail) {
    return (
      <>
        <h1>申込詳細</h1>
        {query.error ? (
          <p className="error" role="alert">
            {query.error instanceof ApiProblem ? query.error.message : '読み込めませんでした。'}
          </p>
        ) : (
          <p role="status">読み込み中…</p>
        )}
        <p>
          <Link to={back}>申込一覧へ戻る</Link>
        </p>
      </>
    );
  }

  const run = (action: string, done: string) => {
    setNotice(null);
    act.mutate(action, {
      onSuccess: () => {
        setNotice(done);
        setDialog(null);
      },
    });
  };
  const actionError = act.error ? (act.error instanceof ApiProblem ? act.error.message : '操作に失敗しました。') : null;

  return (
    <>
      <p>
        <Link to={back}>申込一覧へ戻る</Link>
      </p>
      <h1>申込詳細 {detail.applicationNumber}</h1>
      <Outcome done={notice} error={dialog === 'approve' || dialog === 'cancel' ? null : actionError} />
      <CaseSummary detail={detail} />
      {detail.case.actions.length > 0 && <CaseDecision detail={detail} pending={act.isPending} run={run} ask={setDialog} />}
      {dialog && (
        <DecisionDialog
          key={dialog}
          kind={dialog}
          detail={detail}
          pending={act.isPending}
          error={actionError}
          run={run}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
          }}
        />
      )}

      <section aria-labelledby="ekyc">
        <h2 id="ekyc">本人確認（eKYC）</h2>
        <ProviderEvidence detail={detail} />
      </section>

      <SubmittedDocuments detail={detail} />

      <ApplicantAnswers detail={detail} />

      <CaseHistory history={detail.case.history} />
    </>
  );
}
