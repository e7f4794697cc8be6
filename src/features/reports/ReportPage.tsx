import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_MS } from '@contract/constants';
import { REPORT_MAX, REPORT_MSG, REPORT_TITLES, charactersLeftWarning, reportBody } from '@contract/reports';
import { fieldErrors } from '@contract/validation';
import { errorMsg } from '../../api/errors';
import { notice } from '../../app/notify';
import { FormAlert } from '../../components/FormAlert';
import { readReportTarget, reportSubject } from './reportForm';
import { useSendReportMutation } from './reportsApi';
import '../../components/formControls.css';
import './reports.css';

/** The report form (spec: Report screen); it needs to be opened with what is being reported. */
export function ReportPage() {
  const { state } = useLocation();
  const [target] = useState(() => readReportTarget(state));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [send, { isLoading }] = useSendReportMutation();
  const navigate = useNavigate();
  const fieldId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  // Without a subject, or once sent, the form leads back to the dashboard after 2 s.
  useEffect(() => {
    if (target && !sent) return;
    const timer = setTimeout(() => navigate('/dashboard'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [target, sent, navigate]);

  if (!target) {
    return (
      <div className="report-page">
        <p role="alert" className="report-missing">
          {REPORT_MSG.noState}
        </p>
      </div>
    );
  }

  const check = (text: string) => {
    const body = { type: target.type, message: text, reportedUserId: target.reportedUserId, reportedEventId: target.reportedEventId };
    const parsed = reportBody.safeParse(body);
    return { body, error: parsed.success ? undefined : Object.values(fieldErrors(parsed.error))[0] };
  };

  // The same rule as every form (components/useFormValues.ts): an error on show goes once the text is valid.
  const edit = (text: string) => {
    setMessage(text);
    if (error) setError(check(text).error);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, error: invalid } = check(message);
    if (invalid) {
      setError(invalid);
      return textarea.current?.focus();
    }
    setError(undefined);
    try {
      await send(body).unwrap();
      notice(REPORT_MSG.sent, 'success');
      setMessage('');
      setSent(true);
    } catch (failure) {
      setError(errorMsg(failure) ?? REPORT_MSG.failed);
    }
  };

  const warning = charactersLeftWarning(message.length);
  return (
    <div className="report-page">
      <h1>{REPORT_TITLES[target.type]}</h1>
      {reportSubject(target) && <p className="report-subject">{reportSubject(target)}</p>}
      <form className="report-form" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field-label" htmlFor={fieldId}>
            Opis zgłoszenia
          </label>
          <div className="field-control">
            <textarea ref={textarea} id={fieldId} value={message} maxLength={REPORT_MAX} rows={7} aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-count ${fieldId}-error` : `${fieldId}-count`} onChange={(e) => edit(e.target.value.slice(0, REPORT_MAX))} disabled={sent} />
          </div>
          <p id={`${fieldId}-count`} className="report-counter">
            {message.length}/{REPORT_MAX}
          </p>
          {warning && (
            <p className="report-warning" role="status">
              {warning}
            </p>
          )}
        </div>
        <FormAlert id={`${fieldId}-error`} message={error} />
        <button type="submit" className="btn btn-primary" disabled={isLoading || sent}>
          {isLoading ? 'Wysyłanie…' : 'Wyślij zgłoszenie'}
        </button>
      </form>
    </div>
  );
}
