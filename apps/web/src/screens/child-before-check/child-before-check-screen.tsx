import { useId, useState } from 'react';
import { childBeforeCheckConfirmations, childBeforeCheckNotes, childPreparationItems } from '@koza/domain/child-before-check';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/choice-group.tsx';
import { useBank } from '../../lib/bank-context.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import styles from './child-before-check-screen.module.css';

// UI wording of this screen; the notes, the things to prepare and the confirmations come from the domain.
export const beforeCheckText = {
  lead: 'お子さまの口座開設のお申込みの前に、以下の内容をご確認ください。',
  notesTitle: 'ご注意事項',
  preparationTitle: 'ご用意いただくもの',
  confirmationsTitle: 'ご確認',
  next: '次へ',
  nextHint: '2つの項目にチェックを入れると押せるようになります。',
} as const;

type Confirmation = keyof typeof childBeforeCheckConfirmations;

/**
 * /child/before-check (SPEC.md §2.5): inside EntryPage (maintenance, browser alert, notices), the
 * confirmation notes with the bank's prefectures, the things to prepare, and two confirmations that
 * must both be ticked before Next (→ /child/term, from the flow table).
 */
export function ChildBeforeCheckScreen() {
  const bank = useBank();
  const flow = useFlow('child-before-check');
  const [ticked, setTicked] = useState<Record<Confirmation, boolean>>({ notes: false, preparation: false });
  const ready = ticked.notes && ticked.preparation;
  const hintId = useId();

  return (
    <Screen
      title={pageTitles['child-before-check']}
      eyebrow={`${bank.name} お子さまの普通預金口座開設のお申込み`}
      actions={
        <ButtonBar>
          {!ready && (
            <p id={hintId} className={styles.hint}>
              {beforeCheckText.nextHint}
            </p>
          )}
          <Button disabled={!ready} aria-describedby={ready ? undefined : hintId} onClick={() => flow.next()}>
            {beforeCheckText.next}
          </Button>
        </ButtonBar>
      }
    >
      <p className={styles.lead}>{beforeCheckText.lead}</p>
      <section className={styles.card} aria-labelledby="before-check-notes">
        <h2 id="before-check-notes" className={styles.title}>
          {beforeCheckText.notesTitle}
        </h2>
        <ul className={styles.notes}>
          {childBeforeCheckNotes(bank).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="before-check-preparation">
        <h2 id="before-check-preparation" className={styles.title}>
          {beforeCheckText.preparationTitle}
        </h2>
        <ol className={styles.items}>
          {childPreparationItems.map((item) => (
            <li key={item.title}>
              <span className={styles.itemTitle}>{item.title}</span>
              <span className={styles.itemDetail}>{item.detail}</span>
            </li>
          ))}
        </ol>
      </section>
      <fieldset className={styles.card}>
        <legend className={styles.title}>{beforeCheckText.confirmationsTitle}</legend>
        <div className={styles.checks}>
          {(Object.keys(childBeforeCheckConfirmations) as Confirmation[]).map((key) => (
            <Checkbox key={key} label={childBeforeCheckConfirmations[key]} checked={ticked[key]} onChange={(v) => setTicked((t) => ({ ...t, [key]: v }))} />
          ))}
        </div>
      </fieldset>
    </Screen>
  );
}
