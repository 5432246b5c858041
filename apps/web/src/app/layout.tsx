import { Outlet, useLocation } from 'react-router';
import { pageByPath, stepFor } from '@koza/domain/flows';
import { StepBar } from '../components/step-bar.tsx';
import { Toaster } from '../components/toaster.tsx';
import { flowTypeOf } from '../lib/application-type.ts';
import { svgDataUrl } from '../lib/svg.ts';
import { useBank } from '../lib/bank-context.tsx';
import styles from './layout.module.css';

function Header() {
  const bank = useBank();
  return (
    <header className={styles.header}>
      <img className={styles.logo} src={svgDataUrl(bank.art.logoSvg)} alt={bank.name} />
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
  const bank = useBank();
  const { pathname } = useLocation();
  const page = pageByPath(pathname);
  if (!page) return null;
  const type = flowTypeOf(page);
  const step = stepFor(page.slug, type);
  if (step === null) return null;
  return <StepBar labels={bank.stepLabels[type]} current={step} />;
}

/** The frame of every page: header with the bank's logo, step bar, the screen, footer. */
export function Layout() {
  return (
    <div className={styles.app}>
      <Header />
      <CurrentStepBar />
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
