import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../servers.ts';

// The applicant web in WebKit (iPhone Safari's engine): Debian's WebKitGTK, its MiniBrowser driven
// through WebKitWebDriver with selenium-webdriver (decision 0226). The driver is started here on a
// free port and selenium-webdriver only talks to it (usingServer): it never looks for, or downloads,
// a driver of its own. Run under Xvfb (xvfb-run -a): MiniBrowser has no headless mode.
//
// Elements are found the way a user names them — role and accessible name, as the Playwright specs do
// — by a small finder run in the page (WebDriver has no role locators). What WebKit reports as broken
// (an uncaught error, an unhandled rejection, console.error) is collected in the page and read after
// every step.

export const miniBrowser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const webDriverBinary = '/usr/bin/WebKitWebDriver';
/** Safari on an iPhone (iOS 18.5). */
export const iPhoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
export const viewport = { width: 390, height: 844 } as const;

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide; a GTK style sheet (read from
 * $XDG_CONFIG_HOME/gtk-3.0/gtk.css) shrinks it so the page can be 390 px wide.
 */
const gtkStyle = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.01); }\n';

export type Name = string | RegExp;
export type Role = 'button' | 'textbox' | 'combobox' | 'radio' | 'checkbox' | 'heading' | 'dialog' | 'link' | 'radiogroup' | 'region' | 'img' | 'file';
export interface FindOptions {
  exact?: boolean;
  /** Only inside this element (a dialog, a radio group). */
  within?: WebElement;
  /** Heading level. */
  level?: number;
}

/**
 * Runs in the page: the visible elements of a role whose accessible name matches. The name is
 * aria-labelledby, aria-label, the <label>s, a fieldset's legend, an image's alt, or the text —
 * without what is aria-hidden. String names match as Playwright's do: exact, or a case-insensitive part.
 */
const finderScript = `
const [role, nameSource, nameFlags, exact, within, level] = arguments;
const selectors = {
  button: 'button, [role=button], input[type=submit], input[type=button]',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=password], input[type=number], input[type=search], input[type=url], textarea',
  combobox: 'select',
  radio: 'input[type=radio]',
  checkbox: 'input[type=checkbox]',
  heading: level ? 'h' + level : 'h1, h2, h3, h4, h5, h6',
  dialog: 'dialog, [role=dialog], [role=alertdialog]',
  link: 'a[href]',
  radiogroup: '[role=radiogroup], fieldset',
  region: 'section, [role=region]',
  img: 'img, [role=img], svg[aria-label]',
  file: 'input[type=file]',
};
const text = (node) => {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1 || node.getAttribute('aria-hidden') === 'true') return '';
  if (node.tagName === 'IMG') return node.getAttribute('alt') || '';
  return [...node.childNodes].map(text).join('');
};
const squash = (s) => s.replace(/\\s+/g, ' ').trim();
const nameOf = (el) => {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) return squash(labelledBy.split(/\\s+/).map((id) => { const n = document.getElementById(id); return n ? text(n) : ''; }).join(' '));
  const label = el.getAttribute('aria-label');
  if (label) return squash(label);
  if (el.labels && el.labels.length) return squash([...el.labels].map(text).join(' '));
  if (el.tagName === 'FIELDSET') { const legend = el.querySelector('legend'); return legend ? squash(text(legend)) : ''; }
  if (el.tagName === 'IMG') return squash(el.getAttribute('alt') || '');
  if (['INPUT', 'SELECT', 'TEXTAREA', 'SECTION', 'DIALOG'].includes(el.tagName) || el.getAttribute('role') === 'dialog') return '';
  return squash(text(el));
};
const visible = (el) => {
  if (el.type === 'file') return true;
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0 && !(el.labels && el.labels.length)) return false;
  for (let n = el; n; n = n.parentElement) { const s = getComputedStyle(n); if (s.display === 'none' || s.visibility === 'hidden') return false; }
  return true;
};
const wanted = nameFlags === null ? null : new RegExp(nameSource, nameFlags);
const matches = (name) => {
  if (nameSource === null) return true;
  if (wanted) return wanted.test(name);
  return exact ? name === nameSource : name.toLowerCase().includes(nameSource.toLowerCase());
};
return [...(within || document).querySelectorAll(selectors[role])].filter((el) => visible(el) && matches(nameOf(el)));
`;

/** Installed in every document: what the page reports as broken, kept until read. */
const watchScript = `
if (!window.__kozaProblems) {
  window.__kozaProblems = [];
  window.addEventListener('error', (e) => window.__kozaProblems.push('error: ' + (e.message || e.type) + ' (' + (e.filename || '') + ':' + (e.lineno || 0) + ')'));
  window.addEventListener('unhandledrejection', (e) => window.__kozaProblems.push('unhandledrejection: ' + String(e.reason && e.reason.message || e.reason)));
  const original = console.error.bind(console);
  console.error = (...args) => { window.__kozaProblems.push('console.error: ' + args.map(String).join(' ')); original(...args); };
}
const problems = window.__kozaProblems.splice(0);
return { problems, url: location.href };
`;

export class WebKitPage {
  /** Problems read from the pages so far, with the page they were on. */
  readonly problems: string[] = [];

  readonly driver: WebDriver;

  constructor(driver: WebDriver) {
    this.driver = driver;
  }

  /** Reads (and installs where missing) the page's problem watch; fails at once on a problem. */
  async checkProblems(): Promise<void> {
    const { problems, url } = (await this.driver.executeScript(watchScript)) as { problems: string[]; url: string };
    for (const problem of problems) this.problems.push(`${problem} on ${url}`);
    if (this.problems.length) throw new Error(`the page reported problems:\n  ${this.problems.join('\n  ')}`);
  }

  async goto(url: string): Promise<void> {
    await this.driver.get(url);
    await this.checkProblems();
  }

  async all(role: Role, name: Name | null = null, options: FindOptions = {}): Promise<WebElement[]> {
    const source = name === null ? null : typeof name === 'string' ? name : name.source;
    const flags = name instanceof RegExp ? name.flags : null;
    return (await this.driver.executeScript(
      finderScript,
      role,
      source,
      flags,
      options.exact ?? false,
      options.within ?? null,
      options.level ?? null,
    )) as WebElement[];
  }

  /** Waits until one element of the role and name is there (the first when several), as a user waits to see it. */
  async find(role: Role, name: Name | null = null, options: FindOptions & { timeoutMs?: number } = {}): Promise<WebElement> {
    let found: WebElement | undefined;
    await this.driver.wait(
      async () => {
        found = (await this.all(role, name, options))[0];
        return found !== undefined;
      },
      options.timeoutMs ?? 15_000,
      `no ${role} named ${String(name)} on ${await this.driver.getCurrentUrl()}`,
    );
    await this.checkProblems();
    return found!;
  }

  /** Waits until nothing of the role and name is shown (a dialog closed). */
  async gone(role: Role, name: Name, timeoutMs = 15_000): Promise<void> {
    await this.driver.wait(async () => (await this.all(role, name)).length === 0, timeoutMs, `${role} ${String(name)} still shown`);
  }

  async heading(name: Name, timeoutMs = 15_000): Promise<void> {
    await this.find('heading', name, { level: 1, exact: true, timeoutMs });
  }

  /**
   * Scrolls the element to the centre, then clicks it as a user taps: a sticky bar at the bottom edge
   * would take a tap meant for a target scrolled there.
   */
  async click(element: WebElement): Promise<void> {
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", element);
    await this.driver.wait(async () => element.isEnabled(), 10_000, 'the element stays disabled');
    await element.click();
    await this.checkProblems();
  }

  async press(role: 'button' | 'link', name: Name, options: FindOptions = {}): Promise<void> {
    await this.click(await this.find(role, name, options));
  }

  /** A radio or checkbox ticked through what the user taps: the input, or its label when the input is drawn by CSS. */
  async check(role: 'radio' | 'checkbox', name: Name | null, options: FindOptions = {}): Promise<void> {
    const input = await this.find(role, name, options);
    if (await input.isSelected()) return;
    const shown = (await this.driver.executeScript(
      "const r = arguments[0].getBoundingClientRect(); return r.width >= 4 && r.height >= 4 && getComputedStyle(arguments[0]).opacity !== '0'",
      input,
    )) as boolean;
    const target = shown ? input : ((await this.driver.executeScript('return arguments[0].labels[0] || arguments[0].closest("label")', input)) as WebElement);
    await this.click(target);
    // Up to 15 s like the other waits here: a busy machine was seen to take more than 5 s (decision 0255).
    await this.driver.wait(async () => input.isSelected(), 15_000, `${role} ${String(name)} did not become checked`);
  }

  /**
   * Types into a text field as a user does. WebDriver's clear fires no input event (React would put
   * the old value back), so what is there is selected and deleted with keys first.
   */
  async fill(name: Name, value: string, options: FindOptions = {}): Promise<void> {
    const field = await this.find('textbox', name, options);
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", field);
    await field.click();
    await field.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.DELETE);
    await field.sendKeys(value);
    await this.checkProblems();
  }

  /** Chooses the option with this label (or value) in a select, by clicking the option. */
  async select(name: Name, option: string): Promise<void> {
    const select = await this.find('combobox', name);
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", select);
    const target = (await this.driver.executeScript(
      'return [...arguments[0].options].find((o) => o.label === arguments[1] || o.value === arguments[1]) || null',
      select,
      option,
    )) as WebElement | null;
    if (!target) throw new Error(`no option ${option} in ${String(name)}`);
    await target.click();
    await this.driver.wait(
      async () => (await this.driver.executeScript('return arguments[0].selectedOptions[0] === arguments[1]', select, target)) as boolean,
      5000,
    );
    await this.checkProblems();
  }

  async value(role: 'textbox', name: Name): Promise<string> {
    return (await (await this.find(role, name)).getAttribute('value')) ?? '';
  }

  /** Hands a file to a file input (the photo library), as choosing it in the picker does. */
  async chooseFile(name: Name, path: string): Promise<void> {
    await (await this.find('file', name)).sendKeys(path);
    await this.checkProblems();
  }

  async url(): Promise<string> {
    return this.driver.getCurrentUrl();
  }
}

export interface WebKit {
  page: WebKitPage;
  close(): Promise<void>;
}

/** Starts WebKitWebDriver and a MiniBrowser session at 390×844 with the iPhone user agent. */
export async function startWebKit(): Promise<WebKit> {
  const home = mkdtempSync(join(tmpdir(), 'koza-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), gtkStyle);
  const port = await freePort();
  let output = '';
  const driverProcess: ChildProcess = spawn(webDriverBinary, [`--port=${port}`], {
    env: { ...process.env, XDG_CONFIG_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  driverProcess.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  driverProcess.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stopDriver = () => {
    driverProcess.kill();
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation', `--user-agent=${iPhoneUserAgent}`] },
      })
      .build();
    // The window's height includes MiniBrowser's (shrunk) toolbar: size it so the page gets 844 px.
    await driver
      .manage()
      .window()
      .setRect({ ...viewport });
    const inner = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
    await driver
      .manage()
      .window()
      .setRect({ width: viewport.width, height: viewport.height + (viewport.height - inner[1]) });
    return {
      page: new WebKitPage(driver),
      async close() {
        await driver.quit().catch(() => undefined);
        stopDriver();
      },
    };
  } catch (error) {
    stopDriver();
    throw error;
  }
}
