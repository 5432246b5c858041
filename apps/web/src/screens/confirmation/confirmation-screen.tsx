import { useState, type FormEvent, type ReactNode } from 'react';
import { genderLabels, type Gender } from '@koza/domain/constants';
import { parseIsoDate } from '@koza/domain/dates';
import { formatPostalCode } from '@koza/domain/fields/postal-code';
import type { PageSlug } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { confirmationSchema } from '@koza/domain/steps/confirmation';
import { validateStep } from '@koza/domain/steps/validate-step';
import { savedText, type SavedApplication } from '../../api/application.ts';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { useFlow } from '../../lib/flow.ts';
import { Checkbox } from '../../components/choice-group.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { KeepTogether } from '../../components/keep-together.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { focusFirstError } from '../../forms/use-step-form.ts';
import styles from './confirmation-screen.module.css';

export const confirmationText = {
  lead: '入力内容をご確認ください。修正する場合は各項目の「修正する」を押してください。',
  edit: '修正する',
  personal: 'お客さま情報',
  workplace: 'お勤め先',
  branch: 'お取引支店',
  sealLess: '届出印',
  name: 'お名前',
  kanaName: 'お名前（カナ）',
  birthday: '生年月日',
  gender: '性別',
  mobile: '携帯電話番号',
  home: '自宅電話番号',
  postal: '郵便番号',
  address: '住所',
  kanaAddress: '住所（カナ）',
  purposes: 'お取引の目的',
  distanceReason: '遠隔地でのお取引の理由',
  occupation: '職業',
  workplaceName: '勤務先名',
  workplacePhone: '勤務先電話番号',
  workplaceCode: '勤務先コード',
  invitationCode: '紹介コード',
  existingAccount: 'お持ちの口座（店番・口座番号）',
  none: 'なし',
  sealLessYes: '印鑑を届け出ない（印鑑レス口座）',
  sealLessNo: '印鑑を届け出る',
  addressCheckTitle: '住所のご確認',
  addressCheck:
    '上記の住所が、本人確認書類（運転免許証・マイナンバーカード等）に記載の住所と一致していることをご確認ください。一致していない場合、お申込みをお受けできません。',
} as const;

type Row = [label: string, value: ReactNode];

const join = (...parts: string[]) => parts.filter((p) => p !== '').join('');

function birthdayText(a: SavedApplication): string {
  const date = parseIsoDate(savedText(a, 'birthday'));
  if (!date) return '';
  const era = savedText(a, 'eraBirthday');
  return `${date.year}年${era ? `（${era}）` : ''}${date.month}月${date.day}日`;
}

function AddressParts({ parts }: { parts: string[] }) {
  return (
    <>
      {parts
        .filter((part) => part !== '')
        .map((part, i) => (
          <span key={i} className={styles.addressPart}>
            {part}
          </span>
        ))}
    </>
  );
}

function sections(a: SavedApplication): { title: string; slug: PageSlug; rows: Row[] }[] {
  const t = (key: keyof SavedApplication) => savedText(a, key);
  const gender = t('gender');
  const searched = t('addressCode') !== '';
  // The address in its parts, one per line (prefecture, municipality, section, below the street,
  // building), so that the kana in particular can be checked part by part.
  const address = searched
    ? [t('addressPrefecture'), t('addressMunicipality'), join(t('addressSection'), t('addressChome')), t('address'), t('subAddress')]
    : [t('tempAddressPrefecture'), t('tempAddress')];
  const kanaAddress = searched
    ? [t('kanaAddressPrefecture'), t('kanaAddressMunicipality'), join(t('kanaAddressSection'), t('kanaAddressChome')), t('kanaAddress'), t('kanaSubAddress')]
    : [t('kanaTempAddress')];
  const purposes = t('utilizationPurpose').split(',').filter(Boolean).join('、');
  const other = t('utilizationPurposeOther');
  const personal: Row[] = [
    [confirmationText.name, `${t('lastName')}\u3000${t('firstName')}`],
    [confirmationText.kanaName, `${t('kanaLastName')} ${t('kanaFirstName')}`],
    [confirmationText.birthday, birthdayText(a)],
    [confirmationText.gender, gender in genderLabels ? genderLabels[gender as Gender] : ''],
    [confirmationText.mobile, t('mobilePhoneNumber')],
    [confirmationText.home, t('phoneNumber') || confirmationText.none],
    [confirmationText.postal, t('postalNumber') ? `〒${formatPostalCode(t('postalNumber'))}` : ''],
    [confirmationText.address, <AddressParts parts={address} />],
    [confirmationText.kanaAddress, <AddressParts parts={kanaAddress} />],
    [confirmationText.purposes, other ? `${purposes}（${other}）` : purposes],
  ];
  if (t('distanceTransactionReason')) personal.push([confirmationText.distanceReason, t('distanceTransactionReason')]);
  const occupationOther = t('occupationOther');
  const workplace: Row[] = [[confirmationText.occupation, occupationOther ? `${t('occupationName')}（${occupationOther}）` : t('occupationName')]];
  if (t('workplaceName')) workplace.push([confirmationText.workplaceName, t('workplaceName')]);
  if (t('workplacePhoneNumber')) workplace.push([confirmationText.workplacePhone, t('workplacePhoneNumber')]);
  workplace.push([confirmationText.workplaceCode, t('workplaceCode') || confirmationText.none]);
  workplace.push([confirmationText.invitationCode, t('invitationCode') || confirmationText.none]);
  if (t('existedAccountBranchCode')) {
    workplace.push([confirmationText.existingAccount, `${t('existedAccountBranchCode')}-${t('existedAccountNumber')}`]);
  }
  return [
    { title: confirmationText.personal, slug: 'personal', rows: personal },
    { title: confirmationText.workplace, slug: 'workplace', rows: workplace },
    { title: confirmationText.branch, slug: 'branch', rows: [[confirmationText.branch, t('branchName') ? `${t('branchName')}（${t('branchCode')}）` : '']] },
    {
      title: confirmationText.sealLess,
      slug: 'seal-less',
      rows: [[confirmationText.sealLess, a.sealLess === false ? confirmationText.sealLessNo : confirmationText.sealLessYes]],
    },
  ];
}

/**
 * /confirmation (step 5, SPEC.md §2.5, §5): the saved application for review, with a way back to
 * each step, and the tick that the address matches the identity document → /pin.
 */
export function ConfirmationScreen() {
  const slug = 'confirmation';
  const flow = useFlow(slug);
  const saved = useStepQuery(slug, savedApplicationQuery);
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateStep(confirmationSchema, { addressConfirmed: ticked });
    if (!checked.ok) {
      setError(checked.errors[0]?.message ?? messages.addressConfirmationRequired);
      focusFirstError();
      return;
    }
    flow.next();
  }

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} loading={!saved}>
      {saved && (
        <>
          <p className={styles.lead}>{confirmationText.lead}</p>
          {sections(saved).map((section) => (
            <section key={section.slug} className={styles.section} aria-labelledby={`confirm-${section.slug}`}>
              <div className={styles.sectionHead}>
                <h2 id={`confirm-${section.slug}`} className={styles.sectionTitle}>
                  {section.title}
                </h2>
                <button
                  type="button"
                  className={styles.edit}
                  aria-label={`${section.title}を${confirmationText.edit}`}
                  onClick={() => flow.revisit(section.slug)}
                >
                  {confirmationText.edit}
                </button>
              </div>
              <dl className={styles.table}>
                {section.rows.map(([label, value]) => (
                  <div key={label} className={styles.row}>
                    <dt>{label}</dt>
                    <dd>{typeof value === 'string' ? <KeepTogether>{value}</KeepTogether> : value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <section className={styles.check} aria-labelledby="confirm-address-check">
            <h2 id="confirm-address-check" className={styles.sectionTitle}>
              {confirmationText.addressCheckTitle}
            </h2>
            <p id="confirm-address-text" className={styles.checkText}>
              {confirmationText.addressCheck}
            </p>
            <Checkbox
              label={messages.addressConfirmed}
              checked={ticked}
              invalid={Boolean(error)}
              describedBy={error ? 'confirm-address-text confirm-address-error' : 'confirm-address-text'}
              onChange={(v) => {
                setTicked(v);
                if (v) setError(undefined);
              }}
            />
            {error && <ErrorText id="confirm-address-error">{error}</ErrorText>}
          </section>
        </>
      )}
    </StepScreen>
  );
}
