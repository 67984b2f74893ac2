import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Sim } from '@app/shared/contracts/sims';
import { CopyButton } from './copy-button';

/** Apple's eSIM setup universal link: opens the install sheet on an iPhone (iOS 17.4+) with the LPA string. */
export function appleInstallLink(activationCode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`;
}

const STEPS = { iphone: 4, android: 4 } as const;

/**
 * eSIM delivery (issue 10): the QR code drawn in the browser (the activation code never leaves for a
 * server of ours), the manual entry with copy buttons, the one-tap iPhone link and the install steps.
 */
export function EsimDelivery({ esim }: { esim: NonNullable<Sim['esim']> }) {
  const intl = useIntl();
  const headingId = useId();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // The QR library is only needed here: load it with the page that shows a code.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(esim.activationCode, { errorCorrectionLevel: 'M', margin: 2, width: 240 }))
      .then(
        (url) => live && setQr(url),
        () => live && setQrFailed(true),
      );
    return () => {
      live = false;
    };
  }, [esim.activationCode]);

  return (
    <section className="sim-panel esim-delivery" aria-labelledby={headingId} data-testid="esim-delivery">
      <h2 id={headingId} className="section-title section-title--sm">
        <FormattedMessage id="sim.esim.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id={esim.installed ? 'sim.esim.installed' : 'sim.esim.notInstalled'} />
      </p>
      <div className="esim-delivery__grid">
        <figure className="esim-delivery__qr">
          {qr ? (
            <img src={qr} width={240} height={240} alt={intl.formatMessage({ id: 'sim.esim.qrAlt' })} data-testid="esim-qr" />
          ) : qrFailed ? (
            <p className="notice notice--warning">
              <FormattedMessage id="sim.esim.qrFailed" />
            </p>
          ) : (
            <span className="skeleton esim-delivery__qr-placeholder" aria-hidden="true" />
          )}
          <figcaption className="muted">
            <FormattedMessage id="sim.esim.qrCaption" />
          </figcaption>
        </figure>
        <div className="esim-delivery__manual">
          <h3 className="esim-delivery__subtitle">
            <FormattedMessage id="sim.esim.manual" />
          </h3>
          <dl className="sim-facts">
            <div>
              <dt>
                <FormattedMessage id="sim.esim.smdp" />
              </dt>
              <dd>
                <code data-testid="esim-smdp">{esim.smdpAddress}</code>
                <CopyButton value={esim.smdpAddress} labelId="sim.copy.smdp" />
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="sim.esim.code" />
              </dt>
              <dd>
                <code data-testid="esim-code">{esim.matchingId}</code>
                <CopyButton value={esim.matchingId} labelId="sim.copy.code" />
              </dd>
            </div>
          </dl>
          <a className="btn btn--primary" href={appleInstallLink(esim.activationCode)} target="_blank" rel="noreferrer noopener" data-testid="esim-iphone-link">
            <FormattedMessage id="sim.esim.iphoneLink" />
          </a>
          <p className="field-hint">
            <FormattedMessage id="sim.esim.iphoneLinkHint" />
          </p>
        </div>
      </div>
      <div className="esim-delivery__steps">
        {(['iphone', 'android'] as const).map((os) => (
          <div key={os}>
            <h3 className="esim-delivery__subtitle">
              <FormattedMessage id={`esim.install.${os}`} />
            </h3>
            <ol>
              {Array.from({ length: STEPS[os] }, (_, i) => (
                <li key={i}>
                  <FormattedMessage id={`esim.install.${os}.step${i + 1}`} values={{ b: (chunks) => <b>{chunks}</b> }} />
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
