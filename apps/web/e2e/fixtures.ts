import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';

/**
 * Every journey fails on a Content-Security-Policy violation or an uncaught page error: the app
 * must run under its own policy with nothing blocked.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  /**
   * A server-rendered page (docs/decisions/0051) shows its screen before the app has taken it over, and
   * a click in between reaches a button nothing listens to yet. A shopper rarely clicks that fast; a
   * journey always does: after a full load of such a page, it acts once the shell says the screen is
   * the app's (html[data-screen-ready], app/shell/app-shell.tsx).
   */
  page: async ({ page }, provide) => {
    const waitForApp = async () => {
      if ((await page.locator(`#${SERVER_STATE_ELEMENT_ID}`).count()) > 0) {
        await page.locator('html[data-screen-ready]').waitFor({ state: 'attached' });
      }
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForApp();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp();
      return response;
    };
    await provide(page);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Refused to load: CSP violation of ${event.violatedDirective} by ${event.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * No serious or critical accessibility violation on the page as it stands, once what is arriving has
 * arrived: a toast fades in over 200 ms, and axe reading its colours halfway measured a contrast no
 * shopper is left with. Endless animations (spinners) are not waited for.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The footer, scrolled to as a visitor would: its content loads when it comes near the viewport
 * (app/shell/footer.tsx). Scrolled again until the content shows, since a screen still loading above
 * it can push it away again.
 */
export async function scrolledFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('heading', { name: 'Policies' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return footer;
}

/** The demo accounts the seed creates (README). */
export const DEMO_SHOPPER = { email: 'shopper@example.com', password: 'shopper1234', name: 'Demo Shopper' } as const;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin1234', name: 'Store Admin' } as const;

/** Logs in on the login screen as a demo account and waits for the navbar's greeting. */
export async function login(page: Page, account: { email: string; password: string; name: string } = DEMO_SHOPPER) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(`Hello, ${account.name}`)).toBeVisible();
}
