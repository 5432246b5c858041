import { Screen } from '../../components/screen.tsx';
import { useBank } from '../../app/bank-context.tsx';
import { pageTitles } from '../../app/page-titles.ts';

/**
 * /term: the pre-application confirmation (SPEC.md §2.3, §2.4).
 * PLACEHOLDER CONTENT: only the heading and the bank's name for now; the questions, the
 * landing modals and the Next button come with the pre-application issue.
 */
export function TermScreen() {
  const bank = useBank();
  return <Screen title={pageTitles.term} eyebrow={`${bank.name} 普通預金口座開設のお申込み`} />;
}
