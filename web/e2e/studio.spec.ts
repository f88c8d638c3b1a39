import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { e2eDataDir } from './gateways';
import { cspViolations, expectAccessible, invitationLink, studioOrigin, studioPort } from './studio-staff';

// The studio (DESIGN.md section 13) of the demo chain's gateway, on its studio host
// (STUDIO_HOSTS in playwright.config.ts): Chromium resolves *.localhost to loopback, so
// http://studio.localhost:{port} is the same gateway as the site at 127.0.0.1:{port}. The
// gateway's DATA_DIR is new each run, so svc-studio has no staff at its start and has
// written the first operator's invitation, which the first test uses up (a run against a
// gateway left running, without CI, finds it used).
const port = studioPort;
const studio = studioOrigin;
const dist = new URL('../dist/', import.meta.url);

/**
 * The first operator's invitation link, from `$DATA_DIR/studio/first-operator.url`, on the
 * test gateway's studio address (its STUDIO_URL, playwright.config.ts).
 */
async function firstOperatorLink(): Promise<string> {
  const file = join(e2eDataDir(port), 'studio', 'first-operator.url');
  await expect.poll(() => existsSync(file), { message: `${file} is written at svc-studio's start` }).toBe(true);
  const link = new URL(readFileSync(file, 'utf8').trim());
  expect(link.pathname).toBe('/invitation');
  return `${studio}${link.pathname}${link.search}`;
}

/**
 * The links to the studio's `page` (`sign-in`, `invitation`) mailed to `to` (the .eml files
 * svc-studio writes under `$DATA_DIR/mail/` without SMTP_URL), oldest first, on the test
 * gateway's studio address.
 */
function mailedLinks(to: string, page: 'sign-in' | 'invitation'): string[] {
  const folder = join(e2eDataDir(port), 'mail');
  if (!existsSync(folder)) return [];
  const link = new RegExp(`/${page}\\?token=([0-9a-f]{64})`);
  return readdirSync(folder)
    .sort()
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .filter((message) => message.includes(`To: ${to}`))
    .flatMap((message) => {
      const token = link.exec(message)?.[1];
      return token ? [`${studio}/${page}?token=${token}`] : [];
    });
}

/** The sign-in links mailed to `to`, oldest first. */
function mailedSignInLinks(to: string): string[] {
  return mailedLinks(to, 'sign-in');
}

/** The invitation links mailed to `to` (an invitation made in the studio is mailed, never shown), oldest first. */
function mailedInvitationLinks(to: string): string[] {
  return mailedLinks(to, 'invitation');
}

/**
 * Chromium's virtual authenticator on `page` (CDP's WebAuthn domain), which answers every
 * prompt as a person with a screen lock would: user verified, resident keys, no touch awaited.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The files under assets/ that the studio's build made and the site's did not. */
function studioOnlyFiles(): Set<string> {
  type Manifest = Record<string, { file: string; css?: string[]; assets?: string[] }>;
  const files = (name: string) => {
    const manifest = JSON.parse(readFileSync(new URL(`.vite/${name}`, dist), 'utf8')) as Manifest;
    return new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]));
  };
  const site = files('manifest.json');
  return new Set([...files('studio-manifest.json')].filter((file) => !site.has(file)));
}

test.describe('the studio', () => {
  test("the first operator accepts their invitation, sees what they may do, signs out, and back in by e-mail and with a passkey", async ({ page, context }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    const link = await firstOperatorLink();

    const answer = await page.goto(link);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page).toHaveTitle('Your invitation to the studio | Studio');
    await expect(page.getByTestId('studio-invitation-offer')).toContainText('You are invited as operator of every site.');
    await expectAccessible(page, 'invitation');

    // The first operator's invitation names no address: they give theirs. A passkey is the
    // first way offered; this one is accepted without (the passkey comes later, below).
    await page.getByLabel('Your name').fill('Ada Operator');
    await page.getByLabel('Your e-mail address').fill('ada@studio.example');
    await expect(page.getByRole('button', { name: 'Accept with a passkey' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();

    await expect(page).toHaveURL(`${studio}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your access' })).toBeVisible();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ada Operator');
    const grants = page.getByTestId('studio-grants').getByRole('listitem');
    await expect(grants).toHaveCount(1);
    await expect(grants.first()).toContainText('Operator');
    await expect(grants.first()).toContainText('Every site');

    // The session is a cookie the page cannot read, and it outlives a reload.
    const session = (await context.cookies(studio)).find((cookie) => /studio-session$/.test(cookie.name));
    expect(session, 'the session cookie').toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).not.toContain(session?.name ?? 'studio-session');
    await page.reload();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ada Operator');
    await expectAccessible(page, 'home');

    // Used now, the invitation opens nothing more.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();

    await page.goto(`${studio}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    const signIn = page.getByRole('heading', { level: 1, name: 'Sign in to the studio' });
    await expect(signIn).toBeVisible();
    await expect(signIn).toBeFocused();
    await expect(page.getByTestId('studio-staff-name')).toHaveCount(0);
    expect((await context.cookies(studio)).find((cookie) => cookie.name === session?.name)).toBeUndefined();
    await page.reload();
    await expect(signIn).toBeVisible();
    await expect(page.getByText(/open the invitation link you were sent/)).toBeVisible();
    await expectAccessible(page, 'sign-in');

    // Back in with a link by e-mail: svc-studio writes the message under DATA_DIR/mail.
    const mailed = mailedSignInLinks('ada@studio.example').length;
    await page.getByLabel('Your e-mail address').fill('ada@studio.example');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('form', { name: 'Sign in with a link by e-mail' }).getByRole('status')).toContainText(
      'a sign-in link is on its way',
    );
    await expect.poll(() => mailedSignInLinks('ada@studio.example').length).toBe(mailed + 1);
    const signInLink = mailedSignInLinks('ada@studio.example').at(-1) ?? '';
    await page.goto(signInLink);
    await expect(page).toHaveURL(`${studio}/`);
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ada Operator');

    // A passkey, made on a virtual authenticator. It belongs to this page: what follows
    // stays on it, moving by the studio's own links.
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    await page.getByRole('link', { name: 'Your passkeys' }).click();
    await expect(page).toHaveURL(`${studio}/passkeys`);
    await expect(page).toHaveTitle('Your passkeys | Studio');
    await expect(page.getByText('You have no passkey yet.')).toBeVisible();
    await page.getByLabel('Name of the passkey (optional)').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('form', { name: 'Add a passkey' }).getByRole('status')).toHaveText('The passkey Test laptop was added.');
    const passkeys = page.getByTestId('studio-passkeys').getByRole('listitem');
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys.first()).toContainText('Test laptop');
    await expect(passkeys.first()).toContainText('Not used to sign in yet');
    // Discoverable: the authenticator keeps it, so signing in asks for no address.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);
    await expectAccessible(page, 'passkeys');

    // Signed out, back in with the passkey alone.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(signIn).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your access' })).toBeVisible();
    await expect(page).toHaveURL(`${studio}/`);
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ada Operator');
    expect((await context.cookies(studio)).find((cookie) => cookie.name === session?.name)?.httpOnly).toBe(true);

    // Used now, and removed after a confirmation (signing in by e-mail is on: it may be the last).
    await page.getByRole('link', { name: 'Your passkeys' }).click();
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys.first()).toContainText('Last used');
    await passkeys.first().getByRole('button', { name: 'Remove the passkey Test laptop' }).click();
    await page.getByRole('group', { name: 'Remove the passkey Test laptop' }).getByRole('button', { name: 'Remove it' }).click();
    await expect(page.getByText('The passkey Test laptop was removed.')).toBeVisible();
    await expect(page.getByText('You have no passkey yet.')).toBeVisible();
    await expect(passkeys).toHaveCount(0);

    // The authenticator still holds it, but the studio no longer takes it.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(signIn).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText('This passkey is not registered with the studio, or the sign-in took too long: try again.')).toBeVisible();
    await expect(page.getByTestId('studio-staff-name')).toHaveCount(0);

    // Once only: opened again without the session, it leads to the sign-in screen.
    await context.clearCookies();
    await page.goto(signInLink);
    await expect(page.getByText('That sign-in link has been used or has expired. Ask for a new one below.')).toBeVisible();

    // The studio registers no service worker, and its pages break no rule of their policy.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(refused).toEqual([]);
  });

  test('an invited editor accepts with a passkey alone and is signed in on the site', async ({ page, context }) => {
    const link = invitationLink('bo@chain.example', 'editor', 'demo');
    expect(link).toMatch(new RegExp(`^${studio}/invitation\\?token=[0-9a-f]{64}$`));
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    await page.goto(link);
    await expect(page.getByTestId('studio-invitation-offer')).toContainText('You are invited as editor of the site demo.');
    await expect(page.getByText('The invitation is for bo@chain.example.')).toBeVisible();
    await expect(page.getByLabel('Your e-mail address')).toHaveCount(0);
    await page.getByLabel('Your name').fill('Bo Editor');
    await page.getByRole('button', { name: 'Accept with a passkey' }).click();

    await expect(page).toHaveURL(`${studio}/`);
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Bo Editor');
    const grants = page.getByTestId('studio-grants').getByRole('listitem');
    await expect(grants).toHaveCount(1);
    await expect(grants.first()).toContainText('Editor');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await page.getByRole('link', { name: 'Your passkeys' }).click();
    await expect(page.getByTestId('studio-passkeys').getByRole('listitem')).toHaveCount(1);

    // The invitation is used: opened again, it offers nothing.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  });

  test("an administrator of the demo site invites a viewer, who accepts, then removes the viewer's access, which signs them out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    const link = invitationLink('ed@chain.example', 'admin', 'demo');
    await page.goto(link);
    await expect(page.getByTestId('studio-invitation-offer')).toContainText('You are invited as administrator of the site demo.');
    await page.getByLabel('Your name').fill('Ed Admin');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page).toHaveURL(`${studio}/`);
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ed Admin');

    // The site switcher on the start page: the one site Ed may see, leading to its page.
    const sites = page.getByTestId('studio-sites');
    await expect(sites.getByRole('listitem')).toHaveCount(1);
    const demo = sites.locator('a[href="/sites/demo"]');
    await expect(demo).toBeVisible();
    const siteName = (await demo.textContent()) ?? '';
    expect(siteName).not.toBe('');
    await demo.click();
    await expect(page).toHaveURL(`${studio}/sites/demo`);
    await expect(page).toHaveTitle(`${siteName} | Studio`);
    await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
    await expect(page.getByTestId('studio-site')).toContainText('Administrator');
    await expectAccessible(page, 'site');

    await page.getByRole('navigation', { name: `The screens of ${siteName}` }).getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/staff`);
    await expect(page).toHaveTitle(`Staff of ${siteName} | Studio`);
    const staff = page.getByTestId('studio-staff').getByRole('listitem');
    await expect(staff.filter({ hasText: 'Ed Admin (you)' })).toHaveCount(1);

    // An invitation made here is mailed (svc-studio writes it under DATA_DIR/mail), never shown.
    const mailed = mailedInvitationLinks('vi@chain.example').length;
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address', { exact: true }).fill('vi@chain.example');
    await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(invite.getByRole('status')).toContainText('An invitation was sent to vi@chain.example; it expires on');
    const invitations = page.getByRole('region', { name: 'Invitations not yet accepted' });
    const viInvited = invitations.getByRole('listitem').filter({ hasText: 'vi@chain.example' });
    await expect(viInvited).toHaveCount(1);
    await expect(viInvited).toContainText('Viewer');
    await expectAccessible(page, 'staff');

    await expect.poll(() => mailedInvitationLinks('vi@chain.example').length).toBe(mailed + 1);
    const viLink = mailedInvitationLinks('vi@chain.example').at(-1) ?? '';
    expect(viLink).toMatch(new RegExp(`^${studio}/invitation\\?token=[0-9a-f]{64}$`));

    // Vi accepts in a browser of their own (another context: other cookies).
    const viContext = await browser.newContext();
    try {
      const viPage = await viContext.newPage();
      await viPage.goto(viLink);
      await expect(viPage.getByTestId('studio-invitation-offer')).toContainText('You are invited as viewer of the site demo.');
      await expect(viPage.getByText('The invitation is for vi@chain.example.')).toBeVisible();
      await viPage.getByLabel('Your name').fill('Vi Viewer');
      await viPage.getByRole('button', { name: 'Accept without a passkey' }).click();
      await expect(viPage).toHaveURL(`${studio}/`);
      await expect(viPage.getByTestId('studio-staff-name')).toHaveText('Signed in as Vi Viewer');
      await expect(viPage.getByTestId('studio-sites').locator('a[href="/sites/demo"]')).toBeVisible();

      // Back with the administrator: Vi holds a role on the site now, and is invited no more.
      await page.reload();
      const vi = staff.filter({ hasText: 'Vi Viewer' });
      await expect(vi).toHaveCount(1);
      await expect(vi).toContainText('vi@chain.example');
      await expect(vi).toContainText('Viewer');
      await expect(invitations.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      await expect(invitations).not.toContainText('vi@chain.example');

      // Removed after a confirmation.
      await vi.getByRole('button', { name: 'Remove access for Vi Viewer' }).click();
      const confirmation = page.getByRole('group', { name: 'Remove access for Vi Viewer' });
      await expect(confirmation).toContainText(`Remove Vi Viewer's access to ${siteName}?`);
      await confirmation.getByRole('button', { name: 'Remove access', exact: true }).click();
      await expect(page.getByText(`Vi Viewer no longer has access to ${siteName}.`)).toBeVisible();
      await expect(staff.filter({ hasText: 'Vi Viewer' })).toHaveCount(0);
      await expect(staff.filter({ hasText: 'Ed Admin (you)' })).toHaveCount(1);

      // The removal ended Vi's sessions: their page, reloaded, asks them to sign in.
      await viPage.reload();
      await expect(viPage.getByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeVisible();
      await expect(viPage.getByTestId('studio-staff-name')).toHaveCount(0);
    } finally {
      await viContext.close();
    }

    // The site's audit log has both changes, the removal first, each made by Ed as its administrator.
    await page.getByRole('navigation', { name: `The screens of ${siteName}` }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/audit`);
    await expect(page).toHaveTitle(`Audit log of ${siteName} | Studio`);
    const summary = page.getByTestId('studio-audit-summary');
    const entries = page.getByTestId('studio-audit-entry');
    // Ed's entries: the other tests change the demo site too.
    const filters = page.getByRole('form', { name: 'Filter the entries' });
    await filters.getByLabel('Staff member').selectOption({ label: 'Ed Admin (ed@chain.example)' });
    await filters.getByRole('button', { name: 'Show entries' }).click();
    await expect(summary).toHaveText('2 entries, newest first.');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Access removed');
    await expect(entries.nth(0)).toContainText('vi@chain.example');
    await expect(entries.nth(0)).toContainText('Role: viewer → —');
    await expect(entries.nth(1)).toContainText('Invitation sent');
    await expect(entries.nth(1)).toContainText('vi@chain.example');
    await expect(entries.nth(1)).toContainText('Role: — → viewer');
    for (const entry of [entries.nth(0), entries.nth(1)]) {
      await expect(entry).toContainText('Ed Admin');
      await expect(entry).toContainText('Administrator');
    }

    // Filtered by the invitation's action too: one entry.
    await filters.getByLabel('Action', { exact: true }).selectOption('invitation.sent');
    await filters.getByRole('button', { name: 'Show entries' }).click();
    await expect(summary).toHaveText('1 entry, newest first.');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Invitation sent');
    await expectAccessible(page, 'audit');

    // Saved as CSV: the entries shown, asked for with Accept: text/csv and saved from the page.
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('audit.csv');
    const rows = readFileSync(await download.path(), 'utf8')
      .split(/\r?\n/)
      .filter((row) => row !== '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^at,staffId,staffEmail,/);
    expect(rows[1]).toContain('invitation.sent');
    await expect(page.getByText('The entries were saved as audit.csv.')).toBeVisible();

    // On a phone, each entry is a card of its own.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: `Changes made to ${siteName}, newest first` }).getByTestId('studio-audit-entry')).toHaveCount(1);
    await expectAccessible(page, 'audit, phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(refused).toEqual([]);
  });

  test('an editor publishes a drafted page from the keyboard, finds it in the history, and restores the revision before', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await page.goto(invitationLink('pu@chain.example', 'editor', 'demo'));
    await page.getByLabel('Your name').fill('Pu Editor');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Pu Editor');

    // A page in the draft, as the page editor will save it (the studio's own origin,
    // its session cookie): on the public site only once published.
    const slug = `parking-${Date.now()}`;
    const drafted = await page.evaluate(async (slug) => {
      const response = await fetch(`/studio/api/v1/sites/demo/draft/pages/${slug}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Parking at Marquee', sections: [{ heading: 'Parking', paragraphs: ['Free after 6 PM.'] }] }),
      });
      return response.status;
    }, slug);
    expect(drafted).toBe(200);
    const site = `http://127.0.0.1:${port}`;
    expect((await request.get(`${site}/${slug}/`)).status()).toBe(404);

    await page.goto(`${studio}/sites/demo/publishing`);
    const change = page.getByTestId('studio-draft-change').filter({ hasText: slug });
    await expect(change).toContainText('Changed by Pu Editor');
    await expectAccessible(page, 'publishing');

    // The dialog, by keyboard alone: opened, closed with Escape (the focus back on its
    // button), opened again and confirmed.
    const publishNow = page.getByRole('button', { name: 'Publish now' });
    await publishNow.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Publish the draft now?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(publishNow).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish now' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('studio-publish-outcome')).toContainText('The draft was published as revision');
    await expect(page.getByTestId('studio-draft-empty')).toBeVisible();
    await expect.poll(async () => (await request.get(`${site}/${slug}/`)).status(), { timeout: 15_000 }).toBe(200);

    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/history`);
    const revisions = page.getByTestId('studio-revisions').getByRole('listitem');
    await expect(revisions.first()).toContainText('By Pu Editor');
    await expect(revisions.first()).toContainText(`page '${slug}' added`);
    await expectAccessible(page, 'history');

    await revisions.nth(1).getByRole('button', { name: /^Restore revision / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByTestId('studio-restore-outcome')).toContainText('is live again as revision');
    await expect(revisions.first()).toContainText('Restored revision');
    await expect.poll(async () => (await request.get(`${site}/${slug}/`)).status(), { timeout: 15_000 }).toBe(404);
    expect(refused).toEqual([]);
  });

  test('an editor sees a colour in the framed preview as they type it, then saves it to the draft', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await page.goto(invitationLink('lo@chain.example', 'editor', 'demo'));
    await page.getByLabel('Your name').fill('Lo Editor');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Lo Editor');

    await page.goto(`${studio}/sites/demo/look`);
    const preview = page.locator('iframe[title^="Preview of"]');
    await expect(preview).toBeVisible();
    const frame = await (await preview.elementHandle()).contentFrame();
    if (!frame) throw new Error('the preview has no frame');
    const framePrimary = () =>
      frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase());
    // The site in the frame has hydrated and said so (its builder listener is on).
    await expect.poll(framePrimary, { timeout: 15_000 }).toMatch(/^#[0-9a-f]{6}$/);
    const published = await framePrimary();
    // The frame is the draft's preview on the site's own host.
    const firstAddress = frame.url();
    expect(firstAddress).toMatch(/\/cms-preview\/\?preview=[0-9a-f]{64}$/);
    await expectAccessible(page, 'look and settings');

    // Typed, not saved: the frame shows it through the customisation messages.
    await page.getByRole('textbox', { name: 'Primary', exact: true }).fill('#0A7E8C');
    await expect.poll(framePrimary, { timeout: 5_000 }).toBe('#0a7e8c');
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page.getByText('Saved to the draft. Publish the draft to make the changes live.')).toBeVisible();
    // Saved, the frame loads the draft's preview again: the gateway renders the colour into the page itself.
    await expect.poll(() => frame.url()).not.toBe(firstAddress);
    const drafted = await frame.evaluate(async () => (await fetch(location.href)).text());
    expect(drafted.toLowerCase()).toContain('#0a7e8c');
    await expect.poll(framePrimary).toBe('#0a7e8c');
    // Saved to the draft, not published: the site outside the studio is as it was.
    const site = await page.context().newPage();
    await site.goto(`http://127.0.0.1:${port}/`);
    await expect
      .poll(() => site.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase()))
      .toBe(published);
    await site.close();
    await page.goto(`${studio}/sites/demo/publishing`);
    await expect(page.getByTestId('studio-draft-change').filter({ hasText: "The site's settings and look" })).toContainText('Changed by Lo Editor');
    // Left as it was for the other tests: the draft discarded.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard draft' }).click();
    await expect(page.getByTestId('studio-draft-empty')).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("an administrator makes an ingest key the ingest API takes, sees it once, and revokes it", async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await page.goto(invitationLink('ik@chain.example', 'admin', 'demo'));
    await page.getByLabel('Your name').fill('Ik Admin');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ik Admin');

    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('link', { name: 'Ingest keys' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ingest keys of');
    await expectAccessible(page, 'ingest keys');
    await page.getByLabel('Label', { exact: true }).fill('E2E box office');
    await page.getByRole('button', { name: 'Make key' }).click();
    const made = page.getByTestId('studio-ingest-key-made');
    await expect(made).toBeVisible();
    const key = await made.getByRole('textbox').inputValue();
    expect(key).toMatch(/^cik_[0-9a-f]{64}$/);
    await expectAccessible(page, 'ingest key made');

    // The ingest API takes it at once.
    const ingest = (title: string) =>
      page.request.put(`http://127.0.0.1:${port}/api/v1/ingest/pages/e2e-keys`, {
        headers: { Authorization: `Bearer ${key}` },
        data: { title, sections: [] },
      });
    expect((await ingest('Written with the new key')).status()).toBe(200);

    await made.getByRole('button', { name: 'I have kept it' }).click();
    await expect(made).toBeHidden();
    const listed = page.getByTestId('studio-ingest-keys').getByRole('listitem').filter({ hasText: 'E2E box office' });
    await expect(listed).toHaveCount(1);
    await expect(page.getByTestId('studio-ingest-keys')).not.toContainText(key);
    await listed.getByRole('button', { name: /^Revoke the key E2E box office/ }).click();
    await page.getByRole('button', { name: 'Revoke the key', exact: true }).click();
    await expect(listed).toHaveCount(0);
    expect((await ingest('Written with a revoked key')).status()).toBe(401);
    // Left as it was for the other tests: the page written removed with the demo's own key.
    const demoKey = readFileSync(join(e2eDataDir(port), 'ingest', 'demo.key'), 'utf8').trim();
    const removed = await page.request.delete(`http://127.0.0.1:${port}/api/v1/ingest/pages/e2e-keys`, {
      headers: { Authorization: `Bearer ${demoKey}` },
    });
    expect(removed.status()).toBe(200);
    expect(refused).toEqual([]);
  });

  test('a support agent finds a member locked out after five wrong passwords, unlocks them, and sends a reset link', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    // A member of the demo site of their own (the demo member stays as other tests expect),
    // locked out by five wrong passwords through the site's loyalty API.
    const email = `locked-${Date.now()}@example.com`;
    const cypher = (route: string, payload: Record<string, unknown>) =>
      page.request.post(`http://127.0.0.1:${port}/api/cypher`, {
        data: { reqMetadata: { method: 'POST', route }, ...payload },
      });
    const login = '/Member/v3/Login?boxofficeCircuitId=MQ';
    expect((await cypher('/Member/v3/Create', { username: email, password: 'Popcorn#2024' })).status()).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) await cypher(login, { username: email, password: 'Wrong#2024x' });
    expect((await cypher(login, { username: email, password: 'Popcorn#2024' })).status()).toBe(423);

    await page.goto(invitationLink('su@chain.example', 'support', 'demo'));
    await page.getByLabel('Your name').fill('Su Support');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Su Support');
    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Members of');
    await expectAccessible(page, 'members');

    // From the keyboard: the address typed, the search submitted with Enter.
    const field = page.getByRole('textbox', { name: 'E-mail address' });
    await field.fill(email.toUpperCase());
    await field.press('Enter');
    const found = page.getByRole('heading', { name: 'Members found' });
    await expect(found).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Locked after failed sign-ins')).toBeVisible();
    await expectAccessible(page, 'members found');

    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Unlocked: ${email} may sign in now.` })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    expect((await cypher(login, { username: email, password: 'Popcorn#2024' })).status()).toBe(200);

    await page.getByRole('button', { name: 'Send password reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: `A password reset link was mailed to ${email}.` })).toBeVisible();
    const mail = readdirSync(join(e2eDataDir(port), 'mail'))
      .map((file) => readFileSync(join(e2eDataDir(port), 'mail', file), 'utf8'))
      .find((message) => message.includes(`To: ${email}`) && message.includes('Reset your password'));
    expect(mail).toContain('/account/reset-password?resetCode=');

    expect(refused).toEqual([]);
  });

  test('an operator makes a site from the empty template, which its host serves at once', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await page.goto(invitationLink('ns@chain.example', 'operator'));
    await page.getByLabel('Your name').fill('Ns Operator');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Ns Operator');

    const form = page.getByRole('form', { name: 'New site' });
    await expectAccessible(page, 'new site');
    await form.getByLabel('Site id').fill('Riverside E2E');
    await form.getByRole('button', { name: 'Create the site' }).click();
    await expect(form.getByLabel('Site id')).toBeFocused();
    await form.getByLabel('Site id').fill('e2e-riverside');
    await form.getByLabel('Name', { exact: true }).fill('Riverside Pictures');
    await form.getByLabel('Empty site').check();
    await form.getByLabel('Host names').fill('E2E-Riverside.localhost');
    await form.getByRole('button', { name: 'Create the site' }).click();
    await expect(page).toHaveURL(`${studio}/sites/e2e-riverside`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Riverside Pictures');
    const served = page.getByRole('form', { name: 'Where it is served' });
    await expect(served.getByLabel('Host names')).toHaveValue('e2e-riverside.localhost');
    await expect(served.getByLabel('Public URL (optional)')).toHaveValue('');
    await expectAccessible(page, 'new site page');

    // Served on its host from its first commit, published like any site (Chromium resolves
    // *.localhost to loopback; Node does not).
    const site = `http://e2e-riverside.localhost:${port}/`;
    await expect.poll(async () => (await page.goto(site))?.status(), { timeout: 60_000 }).toBe(200);
    await expect(page).toHaveTitle(/Riverside Pictures/);
    expect(refused).toEqual([]);
  });

  test("an operator sees how every site is published and publishes one again in full, which its publisher renders", async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await page.goto(invitationLink('pub-op@chain.example', 'operator'));
    await page.getByLabel('Your name').fill('Pub Operator');
    await page.getByRole('button', { name: 'Accept without a passkey' }).click();
    await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Pub Operator');
    await page.getByRole('link', { name: 'Publishing of every site' }).click();
    await expect(page).toHaveURL(`${studio}/publishing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Publishing of the deployment' })).toBeVisible();
    const demo = page.getByTestId('studio-publishing-site').filter({ hasText: 'Marquee Cinemas' });
    await expect(demo).toContainText('Published');
    await expectAccessible(page, 'publishing of the deployment');

    await demo.getByRole('button', { name: 'Publish again: Marquee Cinemas' }).click();
    await page.getByRole('dialog', { name: 'Publish Marquee Cinemas again?' }).getByRole('button', { name: 'Publish again' }).click();
    const outcome = page.getByTestId('studio-republish-outcome');
    await expect(outcome).toContainText('Asked for: revision');
    const revision = /revision (\w+)/.exec((await outcome.textContent()) ?? '')?.[1] ?? '';
    expect(revision).not.toBe('');
    // Published: the Revision column (the cell after Status and the button) names the new
    // revision by its first characters; the pending one alone would not.
    await expect(demo.getByRole('cell').nth(2)).toHaveText(revision.slice(0, 8), { timeout: 60_000 });
    expect(refused).toEqual([]);
  });

  test('says what to do about a link that is no invitation, and answers an unknown address', async ({ page }) => {
    const refused = cspViolations(page);
    await page.goto(`${studio}/invitation?token=no-such-invitation`);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
    await expect(page.getByText('Ask whoever invited you for a new one.', { exact: false })).toBeVisible();

    await page.goto(`${studio}/no/such/screen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: "Go to the studio's start page" }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("is never loaded by the site's pages nor kept by its service worker, and a site's host has no studio API", async ({ page, request }) => {
    const studioFiles = studioOnlyFiles();
    expect(studioFiles.size).toBeGreaterThan(0);
    const loaded: string[] = [];
    page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname.replace(/^\//, '')));
    for (const path of ['/', '/movies/', '/theaters/', '/sign-in/', '/account/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => studioFiles.has(file))).toEqual([]);

    const worker = await (await request.get('/sw.js')).text();
    expect([...studioFiles].filter((file) => worker.includes(file))).toEqual([]);

    expect((await request.get('/studio/api/v1/me')).status()).toBe(404);
    // A site at its own host name (SITES_DIR), through the browser, which resolves *.localhost.
    const onSiteHost = await page.goto(`http://demo.localhost:${port}/studio/api/v1/me`);
    expect(onSiteHost?.status()).toBe(404);
  });
});
