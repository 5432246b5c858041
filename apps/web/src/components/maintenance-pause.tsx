import { useEffect, useState } from 'react';
import { landingText } from '@koza/domain/landing-text';
import { getMaintenance } from '../api/entry.ts';
import { resumeAfterMaintenance, updateMaintenanceWindow, useMaintenancePause } from '../api/maintenance-pause.ts';
import { Button } from './button.tsx';
import { MaintenancePeriod } from './maintenance-period.tsx';
import { Modal } from './modal.tsx';
import styles from './maintenance-pause.module.css';

/**
 * The maintenance modal over any page of the journey (issue 27): shown while a call of this page
 * is held because the API refused it for a maintenance window (api/maintenance-pause.ts). The page
 * behind keeps what was typed. 「再開する」 — and the page itself at the window's announced end — asks
 * whether the window is over; if it is, the held calls go out again and the page continues where it was.
 */
export function MaintenancePause() {
  const window = useMaintenancePause();
  const [still, setStill] = useState(false);
  const [checking, setChecking] = useState(false);

  const resume = async () => {
    setChecking(true);
    try {
      const active = await getMaintenance();
      if (active === null) {
        setStill(false);
        resumeAfterMaintenance();
      } else {
        setStill(true);
        updateMaintenanceWindow(active);
      }
    } catch {
      setStill(true);
    } finally {
      setChecking(false);
    }
  };

  // At the window's announced end the page asks by itself, so an applicant who waited goes on.
  const endsAt = window === null ? null : Date.parse(window.endedAt);
  useEffect(() => {
    if (endsAt === null || Number.isNaN(endsAt)) return undefined;
    const timer = setTimeout(() => void resume(), Math.min(Math.max(endsAt - Date.now() + 1000, 1000), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endsAt]);

  return (
    <Modal
      open={window !== null}
      title={landingText.maintenanceTitle}
      actions={
        <Button onClick={() => void resume()} disabled={checking}>
          {landingText.maintenanceResume}
        </Button>
      }
    >
      <p>{landingText.maintenanceInFlowLead}</p>
      {window && <MaintenancePeriod window={window} />}
      {still && (
        <p className={styles.still} role="alert">
          {landingText.maintenanceStillActive}
        </p>
      )}
    </Modal>
  );
}
