import { messages, PhoneSchema, VerificationCodeSchema, validate } from '@interior/contracts';
import { Box, Button, InputAdornment, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { checkMobileCode, requestMobileCode } from '../../session';
import { TextField } from '../TextField';
import { formFailure } from './formFailure';

/** What a person types as a phone number, as the API takes it: digits only, 9 to 20 of them. */
export const phoneDigits = (value: string) => value.replace(/[\s().-]/g, '');

/** 180 → "3:00". */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The current time, ticking every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

interface SentCode {
  /** The number (digits) the code went to. */
  to: string;
  expiresAt: number;
  resendAt: number;
}

export interface MobileErrors {
  mobile?: string | undefined;
  code?: string | undefined;
}

/**
 * Mobile number with "인증번호 받기" (POST /api/code: a 6-digit code by SMS, valid 3 minutes,
 * another after 60 s) and the code with "확인" (HEAD /api/code/{mobile}/{code}). The values and
 * their errors belong to the form, which sends both with the sign-up or the profile (the server
 * uses the code up then); the countdown and the "verified" state live here. The profile asks for a
 * code only when the number is changed (`codeRequired`).
 */
export function MobileVerification({
  idPrefix,
  mobile,
  code,
  onMobileChange,
  onCodeChange,
  errors,
  onErrors,
  codeVoided = 0,
  codeRequired = true,
  required = true,
  hint,
}: {
  idPrefix: string;
  mobile: string;
  code: string;
  onMobileChange(value: string): void;
  onCodeChange(value: string): void;
  errors: MobileErrors;
  /** Replaces the errors of both fields (undefined clears one). */
  onErrors(errors: MobileErrors): void;
  /** Changes when the form learns that the code was used up: its countdown ends. */
  codeVoided?: number;
  /** Whether the number needs verifying now; without it only the number is shown. */
  codeRequired?: boolean;
  /** Whether the number itself must be given. */
  required?: boolean;
  /** What the number's helper line says when there is nothing else to say. */
  hint?: string;
}) {
  const mobileId = `${idPrefix}-mobile`;
  const codeId = `${idPrefix}-code`;
  const [sent, setSent] = useState<SentCode | null>(null);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState<'sending' | 'checking' | null>(null);
  /** What the status line (a polite live region) says: announced once, not every second. */
  const [notice, setNotice] = useState<{ sentMinutes: number } | 'verified' | null>(null);

  const now = useNow(sent !== null);
  const remaining = sent ? Math.max(0, Math.ceil((sent.expiresAt - now) / 1000)) : 0;
  const resendIn = sent ? Math.max(0, Math.ceil((sent.resendAt - now) / 1000)) : 0;
  const expired = sent !== null && remaining === 0;
  const isVerified = verified && !expired;

  // A code the server refused at sign-up (wrong, expired, used) is no longer verified.
  useEffect(() => {
    if (errors.code) setVerified(false);
  }, [errors.code]);

  // One the server used up is over: no countdown, "인증번호 받기" again once the wait allows.
  useEffect(() => {
    if (codeVoided === 0) return;
    setVerified(false);
    setNotice(null);
    setSent((current) => current && { ...current, expiresAt: Date.now() });
  }, [codeVoided]);

  const changeMobile = (value: string) => {
    onMobileChange(value);
    if (sent && phoneDigits(value) !== sent.to) {
      setSent(null);
      setVerified(false);
      setNotice(null);
    }
    if (errors.mobile) onErrors({ ...errors, mobile: undefined });
  };

  const changeCode = (value: string) => {
    onCodeChange(value.replace(/\D/g, '').slice(0, 6));
    setVerified(false);
    if (errors.code) onErrors({ ...errors, code: undefined });
  };

  const send = async () => {
    const checked = validate(PhoneSchema, phoneDigits(mobile));
    if (!checked.ok) {
      onErrors({ mobile: checked.message, code: errors.code });
      document.getElementById(mobileId)?.focus();
      return;
    }
    setBusy('sending');
    try {
      const answer = await requestMobileCode(checked.data);
      const at = Date.now();
      setSent({
        to: checked.data,
        expiresAt: at + answer.expiresIn * 1000,
        resendAt: at + answer.resendAfter * 1000,
      });
      setVerified(false);
      onErrors({ mobile: undefined, code: undefined });
      setNotice({ sentMinutes: Math.max(1, Math.round(answer.expiresIn / 60)) });
      document.getElementById(codeId)?.focus();
    } catch (error) {
      const failure = formFailure(error, ['mobile']);
      onErrors({
        mobile: failure.fields.mobile ?? failure.message ?? messages.unknownError,
        code: errors.code,
      });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    const checked = validate(VerificationCodeSchema, code);
    const number = validate(PhoneSchema, phoneDigits(mobile));
    if (!number.ok || !checked.ok) {
      onErrors({
        mobile: number.ok ? undefined : number.message,
        code: checked.ok ? undefined : checked.message,
      });
      document.getElementById(number.ok ? codeId : mobileId)?.focus();
      return;
    }
    setBusy('checking');
    try {
      if (await checkMobileCode(number.data, checked.data)) {
        setVerified(true);
        onErrors({ mobile: undefined, code: undefined });
        setNotice('verified');
      } else {
        setVerified(false);
        onErrors({ mobile: errors.mobile, code: messages.invalidMobileCode });
      }
    } catch (error) {
      const failure = formFailure(error, ['mobile', 'code']);
      onErrors({
        mobile: failure.fields.mobile,
        code: failure.fields.code ?? failure.message ?? messages.unknownError,
      });
    } finally {
      setBusy(null);
    }
  };

  const noticeText =
    notice === 'verified'
      ? isVerified
        ? '휴대전화 번호가 인증되었습니다.'
        : ''
      : notice
        ? `인증번호를 보냈습니다. ${notice.sentMinutes}분 안에 입력해 주세요.`
        : '';
  const sendDisabled = busy !== null || resendIn > 0;

  const mobileHelper =
    errors.mobile ??
    (codeRequired && sent && resendIn > 0 ? `${resendIn}초 후에 다시 받을 수 있습니다.` : undefined) ??
    hint;
  const codeHelper =
    errors.code ??
    (expired && !verified ? '인증 시간이 지났습니다. 인증번호를 다시 받아 주세요.' : undefined);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={mobileId}
          name="mobile"
          type="tel"
          label="휴대전화 번호"
          placeholder="01012345678"
          autoComplete="tel"
          value={mobile}
          onChange={(event) => changeMobile(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks for the code rather than submitting the whole form.
            if (event.key === 'Enter' && codeRequired) {
              event.preventDefault();
              if (!sendDisabled) void send();
            }
          }}
          error={Boolean(errors.mobile)}
          helperText={mobileHelper}
          required={required}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 25 } }}
        />
        {codeRequired ? (
          <Button
            variant="outlined"
            onClick={send}
            disabled={sendDisabled}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            인증번호 받기
          </Button>
        ) : null}
      </Stack>
      {codeRequired ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              id={codeId}
              name="code"
              label="인증번호"
              placeholder="숫자 6자리"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => changeCode(event.target.value)}
              onKeyDown={(event) => {
                // Enter confirms the code rather than submitting the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!isVerified && busy === null) void check();
                }
              }}
              error={Boolean(errors.code)}
              helperText={codeHelper}
              fullWidth
              slotProps={{
                // Required, but not by the browser's own check: the form it sits in (the sign-up's,
                // or react-admin's on the profile) says so in its own words.
                inputLabel: { required: true },
                htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, 'aria-required': true },
                input: {
                  endAdornment:
                    sent && !isVerified && !expired ? (
                      <InputAdornment position="end">
                        <Typography
                          role="timer"
                          aria-label={`남은 시간 ${formatCountdown(remaining)}`}
                          color="error"
                        >
                          {formatCountdown(remaining)}
                        </Typography>
                      </InputAdornment>
                    ) : undefined,
                },
              }}
            />
            <Button
              variant="outlined"
              onClick={check}
              disabled={busy !== null || isVerified}
              sx={{ flexShrink: 0, minHeight: 56 }}
            >
              확인
            </Button>
          </Stack>
          <Box role="status" sx={{ minHeight: '1.5em' }}>
            <Typography variant="body2" color={isVerified ? 'success.main' : 'text.secondary'}>
              {noticeText}
            </Typography>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
