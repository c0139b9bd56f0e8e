import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../push.ts';

/**
 * The profile's "notifications on this device" switch (decision 051): web push for the signed-in account on this
 * browser or installed app, with where it stands (on, off, blocked in the browser, not possible here and why).
 */
export function PushSettings() {
  const { i18n } = useLingui();
  const id = useId();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError([]);
    try {
      setState(state === 'on' ? await turnPushOff() : await turnPushOn(i18n.locale as TLang));
    } catch (err) {
      setError(errorMessages(i18n, err as Error));
    } finally {
      setBusy(false);
    }
  };

  const usable = state === 'on' || state === 'off';
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="push-settings">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        <Trans>Notifications on this device</Trans>
      </h2>
      <p className="text-ink-muted">
        <Trans>
          Get a notification on this phone or computer when your request changes or the employee asks you for something, even when
          the app is closed.
        </Trans>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={state === 'on'}
          aria-describedby={`${id}-state`}
          disabled={!usable || busy}
          onClick={() => void toggle()}
          className="inline-flex min-h-11 items-center gap-3 rounded-full border border-line px-3 disabled:opacity-60"
          data-testid="push-switch"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-6 w-11 rounded-full transition-colors ${state === 'on' ? 'bg-brand' : 'bg-line'}`}
          >
            <span
              className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${state === 'on' ? 'end-0.5' : 'start-0.5'}`}
            />
          </span>
          <span>
            <Trans>Notifications on this device</Trans>
          </span>
        </button>
        <span id={`${id}-state`} className="font-semibold" data-testid="push-state" data-state={state}>
          {state === 'checking' && <Trans>Checking…</Trans>}
          {state === 'on' && <Trans>On</Trans>}
          {state === 'off' && <Trans>Off</Trans>}
          {state === 'denied' && <Trans>Blocked</Trans>}
          {(state === 'unsupported' || state === 'install-first' || state === 'off-server') && <Trans>Not available</Trans>}
        </span>
      </div>
      {state === 'denied' && (
        <Notice tone="warning" live="off">
          <Trans>
            Notifications are blocked for this site. Allow them in your browser&apos;s site settings, then come back here.
          </Trans>
        </Notice>
      )}
      {state === 'install-first' && (
        <Notice tone="info" live="off">
          <Trans>
            On iPhone and iPad, add Kahraba to your home screen first (Share, then &quot;Add to Home Screen&quot;), open it from
            there and turn notifications on here.
          </Trans>
        </Notice>
      )}
      {state === 'unsupported' && (
        <Notice tone="info" live="off">
          <Trans>This browser cannot receive notifications from Kahraba. You will still get them in the app and by SMS.</Trans>
        </Notice>
      )}
      {state === 'off-server' && (
        <Notice tone="info" live="off">
          <Trans>Notifications to devices are not available at the moment. You will still get them in the app and by SMS.</Trans>
        </Notice>
      )}
      {error.length > 0 && (
        <Notice tone="error">
          {error.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Notice>
      )}
    </section>
  );
}
