import { MSG } from '@uplus/shared';

/** Text that is safe to put into HTML (already escaped or built by `html`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];
const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

/** Template tag: every interpolated value is escaped unless it is SafeHtml. */
export const html = (strings: TemplateStringsArray, ...values: Part[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));

const STYLE = `
:root { color-scheme: light; --brand: #1d4ed8; --brand-dark: #1e40af; --danger: #b42318; --text: #1f2937;
  --muted: #4b5563; --line: #d1d5db; --bg: #f3f6fb; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text); line-height: 1.6;
  font-family: "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC",
  "Source Han Sans SC", "WenQuanYi Micro Hei", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 440px; margin: 0 auto; padding: 48px 20px; }
.brand { margin: 0 0 16px; color: var(--muted); font-size: 15px; text-align: center; }
.card { background: #fff; border-radius: 12px; padding: 32px 28px; box-shadow: 0 4px 24px rgba(15, 23, 42, .08); }
.card + .card { margin-top: 20px; }
h1 { margin: 0 0 24px; font-size: 24px; text-align: center; }
h2 { margin: 0 0 16px; font-size: 18px; }
.field { margin-bottom: 18px; }
label { display: block; margin-bottom: 6px; font-weight: 600; font-size: 14px; }
input[type=text], input[type=password] { width: 100%; padding: 10px 12px; font: inherit; font-size: 15px;
  border: 1px solid var(--line); border-radius: 8px; background: #fff; color: var(--text); }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
input[aria-invalid=true] { border-color: var(--danger); }
.hint { margin: 6px 0 0; color: var(--muted); font-size: 13px; }
.error { margin: 6px 0 0; color: var(--danger); font-size: 13px; }
.alert { margin: 0 0 18px; padding: 10px 12px; border-radius: 8px; font-size: 14px; }
.alert.error-box { background: #fef3f2; color: var(--danger); border: 1px solid #fecdca; }
.alert.ok-box { background: #ecfdf3; color: #05603a; border: 1px solid #abefc6; }
button { width: 100%; padding: 11px 16px; font: inherit; font-size: 16px; font-weight: 600; color: #fff;
  background: var(--brand); border: 0; border-radius: 8px; cursor: pointer; }
button:hover { background: var(--brand-dark); }
.readonly { padding: 10px 0; font-size: 15px; }
.links { display: flex; justify-content: space-between; margin-top: 20px; font-size: 14px; }
a { color: var(--brand); }
`;

/** A complete page. `nonce` unlocks the inline style and script under the page's CSP. */
export const page = (opts: {
  title: string;
  brand: string;
  nonce: string;
  body: SafeHtml;
  script?: string;
}) =>
  html`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${opts.title} - ${opts.brand}</title>
<style nonce="${opts.nonce}">${new SafeHtml(STYLE)}</style>
</head>
<body>
<main>
<p class="brand">${opts.brand}</p>
${opts.body}
</main>
${opts.script ? html`<script nonce="${opts.nonce}">${new SafeHtml(opts.script)}</script>` : ''}
</body>
</html>`.value;

type Field = {
  name: string;
  label: string;
  type: 'text' | 'password';
  value?: string;
  autocomplete: string;
  hint?: string;
  placeholder?: string;
};

/** A labelled input; with an error it is marked aria-invalid and described by the message. */
const field = (f: Field, error: string | undefined, autofocus: boolean) => {
  const describedBy = [error ? `${f.name}-error` : '', f.hint ? `${f.name}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field">
<label for="${f.name}">${f.label}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required
  ${f.value !== undefined ? html`value="${f.value}"` : ''} ${f.placeholder ? html`placeholder="${f.placeholder}"` : ''}
  ${error ? html`aria-invalid="true"` : ''} ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
  ${autofocus ? html`autofocus` : ''}>
${f.hint ? html`<p class="hint" id="${f.name}-hint">${f.hint}</p>` : ''}
${error ? html`<p class="error" id="${f.name}-error">${error}</p>` : ''}
</div>`;
};

/** A form error: for one field, or for the whole form (field undefined). */
export type FormError = { field?: string; message: string };

const formFields = (fields: Field[], error: FormError | undefined) => {
  const errorField = fields.find((f) => f.name === error?.field)?.name;
  const focus = errorField ?? (error ? fields[fields.length - 1]?.name : fields[0]?.name);
  return fields.map((f) => field(f, f.name === errorField ? error?.message : undefined, f.name === focus));
};

const formAlert = (error: FormError | undefined, fields: Field[]) =>
  error && !fields.some((f) => f.name === error.field)
    ? html`<div class="alert error-box" role="alert" id="form-error">${error.message}</div>`
    : '';

export const loginPage = (opts: {
  brand: string;
  nonce: string;
  /** the form's token, bound to the sign-in page's pre-session cookie */
  csrf: string;
  redirect: string;
  username: string;
  error?: FormError;
}) => {
  const fields: Field[] = [
    {
      name: 'username',
      label: '用户名',
      type: 'text',
      value: opts.username,
      autocomplete: 'username',
      placeholder: MSG.usernameRequired,
    },
    {
      name: 'password',
      label: '密码',
      type: 'password',
      autocomplete: 'current-password',
      placeholder: MSG.passwordRequired,
    },
  ];
  return page({
    title: '登录',
    brand: opts.brand,
    nonce: opts.nonce,
    body: html`<div class="card">
<h1>账号登录</h1>
${formAlert(opts.error, fields)}
<form method="post" action="/idp/login" novalidate ${opts.error && !opts.error.field ? html`aria-describedby="form-error"` : ''}>
<input type="hidden" name="_csrf" value="${opts.csrf}">
<input type="hidden" name="redirect" value="${opts.redirect}">
${formFields(fields, opts.error)}
<button type="submit">登录</button>
</form>
<p class="hint">账号由所在学校或机构开通。没有账号或忘记密码，请联系所在学校或机构的管理员。</p>
</div>`,
  });
};

/**
 * After sign-in: loads the app's hidden session-sync frame with the ticket (so other open tabs pick up the
 * sign-in), then goes to the redirect target carrying the ticket.
 */
export const signedInPage = (opts: { brand: string; nonce: string; ticket: string; target: string }) => {
  const sync = `/quc-sync?quc_ticket=${encodeURIComponent(opts.ticket)}`;
  return page({
    title: '登录成功',
    brand: opts.brand,
    nonce: opts.nonce,
    body: html`<div class="card" role="status" aria-live="polite">
<h1>登录成功</h1>
<p>正在返回应用……</p>
<p><a id="continue" href="${opts.target}">如果页面没有自动跳转，请点击这里继续</a></p>
</div>
<iframe id="quc-sync" src="${sync}" title="会话同步" hidden tabindex="-1" aria-hidden="true"></iframe>`,
    script: `(function () {
  var target = document.getElementById('continue').getAttribute('href');
  var gone = false;
  function go() { if (!gone) { gone = true; window.location.replace(target); } }
  document.getElementById('quc-sync').addEventListener('load', function () { setTimeout(go, 150); });
  setTimeout(go, 2000);
})();`,
  });
};

export const profilePage = (opts: {
  brand: string;
  nonce: string;
  csrf: string;
  username: string;
  name: string;
  notice?: string;
  nameError?: FormError;
  passwordError?: FormError;
  nameValue?: string;
}) => {
  const nameFields: Field[] = [
    {
      name: 'name',
      label: '姓名',
      type: 'text',
      value: opts.nameValue ?? opts.name,
      autocomplete: 'name',
      placeholder: MSG.nameRequired,
    },
  ];
  const passwordFields: Field[] = [
    { name: 'oldPassword', label: '原密码', type: 'password', autocomplete: 'current-password' },
    {
      name: 'newPassword',
      label: '新密码',
      type: 'password',
      autocomplete: 'new-password',
      hint: MSG.passwordRule,
    },
    { name: 'confirmPassword', label: '确认新密码', type: 'password', autocomplete: 'new-password' },
  ];
  return page({
    title: '个人资料',
    brand: opts.brand,
    nonce: opts.nonce,
    body: html`<h1>个人资料</h1>
${opts.notice ? html`<div class="alert ok-box" role="status">${opts.notice}</div>` : ''}
<section class="card" aria-labelledby="basic-title">
<h2 id="basic-title">基本信息</h2>
<p class="readonly">用户名：${opts.username}</p>
${formAlert(opts.nameError, nameFields)}
<form method="post" action="/idp/profile/name" novalidate>
<input type="hidden" name="_csrf" value="${opts.csrf}">
${opts.nameError ? formFields(nameFields, opts.nameError) : nameFields.map((f) => field(f, undefined, false))}
<button type="submit">保存</button>
</form>
</section>
<section class="card" aria-labelledby="password-title">
<h2 id="password-title">修改密码</h2>
${formAlert(opts.passwordError, passwordFields)}
<form method="post" action="/idp/profile/password" novalidate>
<input type="hidden" name="_csrf" value="${opts.csrf}">
${opts.passwordError ? formFields(passwordFields, opts.passwordError) : passwordFields.map((f) => field(f, undefined, false))}
<button type="submit">修改密码</button>
</form>
</section>
<nav class="links" aria-label="页面链接"><a href="/">返回首页</a><a href="/idp/logout?redirect=%2Fidp%2Flogin">退出登录</a></nav>`,
  });
};
