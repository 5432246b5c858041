import { useState, type MouseEvent, type ReactNode } from 'react';
import { flowFor, pageByPath, pageBySlug, stepFor } from '@koza/domain/flows';
import { Button } from '../components/button.tsx';
import { Modal } from '../components/modal.tsx';
import { MaintenancePause } from '../components/maintenance-pause.tsx';
import { StepBar } from '../components/step-bar.tsx';
import { flowTypeOf } from '../lib/application-type.ts';
import { useShownSubStep } from '../lib/sub-step.ts';
import { session } from '../lib/session.ts';
import { svgDataUrl } from '../lib/svg.ts';
import { useBank } from '../lib/bank-context.tsx';
import { useAppLocation, useAppNavigate } from '../lib/navigation.tsx';
import styles from './layout.module.css';

export const headerText = {
  leaveTitle: 'お申込みを中断しますか',
  leaveBody: 'トップページに戻ると、お申込みを中断します。入力済みの内容は保存されており、同じメールアドレスで再度認証すると続きから再開できます。',
  leave: 'トップページに戻る',
  stay: 'お申込みを続ける',
  /** The logo link's accessible name: where it leads. */
  linkLabel: (bankName: string) => `${bankName} 口座開設トップページ`,
} as const;

/**
 * The header: the bank's logo, a link to the header path of the current flow (/term for general,
 * /child/before-check for child applications, SPEC.md §2.3). Once an application is under way
 * (the applicant has a token) leaving asks first; the draft stays on the server and resumes on the
 * next verification with the same address (DECISIONS.md §3).
 */
function Header() {
  const bank = useBank();
  const navigate = useAppNavigate();
  const { pathname } = useAppLocation();
  const [asking, setAsking] = useState(false);
  const page = pageByPath(pathname);
  const entry = pageBySlug(flowFor(page ? flowTypeOf(page) : 'GENERAL').entry);

  const leave = () => {
    setAsking(false);
    session.clear();
    navigate(entry.path);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (session.getToken() !== null) setAsking(true);
    else navigate(entry.path);
  };

  return (
    <header className={styles.header}>
      <a className={styles.home} href={entry.path} onClick={onClick} aria-label={headerText.linkLabel(bank.name)}>
        <img className={styles.logo} src={svgDataUrl(bank.art.logoSvg)} alt={bank.name} />
      </a>
      <Modal
        open={asking}
        title={headerText.leaveTitle}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button onClick={() => setAsking(false)}>{headerText.stay}</Button>
            <Button variant="secondary" onClick={leave}>
              {headerText.leave}
            </Button>
          </>
        }
      >
        <p>{headerText.leaveBody}</p>
      </Modal>
    </header>
  );
}

function Footer() {
  const { footer, art } = useBank();
  return (
    <footer className={styles.footer}>
      <img className={styles.groupLogo} src={svgDataUrl(art.groupLogoSvg)} alt={footer.groupName} />
      <div className={styles.footerLines}>
        <p>{footer.companyName}</p>
        <p>{footer.registrationNumber}</p>
        <p>{footer.associations}</p>
      </div>
      <p className={styles.copyright}>
        <small>{footer.copyright}</small>
      </p>
    </footer>
  );
}

/** The step bar of the current page, when the page has a step in its flow. */
function CurrentStepBar() {
  const { pathname } = useAppLocation();
  const page = pageByPath(pathname);
  const subState = useShownSubStep(page?.slug);
  if (!page) return null;
  const type = flowTypeOf(page);
  const step = stepFor(page.slug, type, subState);
  if (step === null) return null;
  return <StepBar labels={flowFor(type).stepLabels} current={step} />;
}

/** The frame of every page: header with the bank's logo, step bar, the screen, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useAppLocation();
  return (
    <div className={styles.app}>
      {/* At least as tall as the viewport: the footer starts below the fold on every screen, so a
          screen shorter or taller than the last (or one whose content arrives late) never moves it
          into or out of view (issue 45, decision 0252). */}
      <div className={styles.page}>
        <Header />
        <CurrentStepBar />
        <main className={styles.main}>{children}</main>
      </div>
      {/* One footer per screen, like the screen's own content: an applicant who scrolled down to Next
          sees the next screen from its top, and a footer kept across screens would count as a node
          that jumped out of view (a layout shift) when the screen is swapped (issue 45). */}
      <Footer key={pathname} />
      <MaintenancePause />
    </div>
  );
}
