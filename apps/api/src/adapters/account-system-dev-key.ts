// The public half of the DEVELOPMENT key pair of the hand-over's PIN encryption (docs/decisions/
// 0203-handover-pin-encryption.md): outside production ACCOUNT_SYSTEM_PUBLIC_KEY defaults to it, so
// an approval works on the embedded defaults. Its private half is a test fixture
// (apps/api/test/fixtures/account-system-dev-private-key.pem) with which tests play the account
// system. Production refuses this key (config.ts).

export const devAccountSystemPublicKeyPem = `-----BEGIN PUBLIC KEY-----
MIIBojANBgkqhkiG9w0BAQEFAAOCAY8AMIIBigKCAYEAv2MkQciG3hCY8gxQKdNP
RX4ZU3NMDH8a5pjmCY4GO6ChZkCa8dGQydUMlgJ6tKo5sPo8GM4vo1gIBHvY+V2N
SJd1zEdZ21IG8e1RCQqhCp/gtEBfXV6dMw4xLfhPjC4fHWnibtv7+7qdGPHWPBKZ
sx8AvHUlaOVOyDBDnQpvRW0kJBmoAsnMNCdUAzP692/2wTygU37W8vj3uSqagF3c
NysP2HvWNiJ+Q6EIJMG5WJhz0WKXLy/sbcgOxK3B4DrPcFbvRNZmWbWmcmrpD0ag
amXrdXlOfrM7Qw7Dc03RtnFg8WBmKBvnwWry9vc6BdWxletfbRL6LMi+GWFsAR9R
Po8al3OSHLIdtT//AFAVUG1M9MT/Q5uYbNHAxMKI9rlypimIrdbqVDvIAet5yeA4
F8M+fhHV+6guiV/hYgRafYGC47aVAALJb1zZaTqL9EJnxQJbA6V988yBOOgpunHW
Yf8kqi1Q2jFMeZgiu/N4RTiq5P4DILWP0zhkeYudO1TPAgMBAAE=
-----END PUBLIC KEY-----`;
