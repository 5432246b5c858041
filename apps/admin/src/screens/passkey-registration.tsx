import { useState } from 'react';
import { reauthCodeSchema } from '@koza/domain/api/admin';
import { Outcome } from '../outcome.tsx';
import { useForm } from '../use-form.tsx';
import { passkeyNotRegistered, passkeyRegistered, registerPasskey } from './passkey-ceremony.ts';
import { SecondFactorField } from './second-factor-field.tsx';

/**
 * Registering a passkey on this device, where it is offered (right after the authenticator app's
 * enrolment, and on the passkeys screen): the member's second factor is asked again first (issue 42),
 * then the browser's ceremony runs. A wrong code is shown on its field; a ceremony that fails or is
 * cancelled says the passkey was not registered. As an `offer` (beside the recovery codes, whose
 * button leads on) its button is a secondary one and the form goes once a passkey is registered.
 */
export function PasskeyRegistration({ onRegistered, prefix, offer = false }: { onRegistered?: () => void; prefix: string; offer?: boolean }) {
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    prefix,
    initial: { totpCode: '' },
    schema: reauthCodeSchema,
    save: async (_body, checked) => {
      setDone(null);
      await registerPasskey(checked.totpCode);
    },
    onSaved: () => {
      setDone(passkeyRegistered);
      onRegistered?.();
    },
    failText: passkeyNotRegistered,
  });
  return (
    <>
      <Outcome done={done} error={form.error} />
      {!(offer && done) && (
        <form ref={form.formRef} onSubmit={form.onSubmit} className="grid-form" noValidate>
          <SecondFactorField field={form.field('totpCode')} message={form.message('totpCode')} />
          <div className="actions">
            <button type="submit" className={offer ? 'secondary' : 'primary'} disabled={form.pending}>
              この端末にパスキーを登録する
            </button>
          </div>
        </form>
      )}
    </>
  );
}
