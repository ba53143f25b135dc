import { expect, type Route, test } from '@playwright/test';
import { operatorApi, ownerInConsole, shot, signedInPhone, signUpByApi } from './support';

const PASSWORD = 'Proof-e2e-pass1';

test('a customer sees their balance verified against the latest root; a tampered path shows the failure', async ({ browser }) => {
  const admin = await ownerInConsole(browser);
  const call = await operatorApi(admin);

  // A customer holding 123.45 USDT (an owner's correction: the set-up this walk is not about).
  const session = await signUpByApi('proof', PASSWORD);
  const adjusted = await call('user/adjust', { id: session.user.id, amount: '123.45', reason: 'e2e proof of liabilities' });
  expect(adjusted.code, adjusted.msg).toBe(200);

  // The owner takes a snapshot in the console, confirming first.
  await admin.getByRole('menuitem', { name: 'Proof of liabilities' }).click();
  await admin.getByRole('button', { name: 'Take snapshot now' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Take snapshot' }).click();
  await expect(admin.getByText(/Snapshot \d+ published/)).toBeVisible();
  await expect(admin.getByRole('dialog')).toBeHidden();
  const latest = ((await call('proof/list', { page: 1, page_size: 1 })).data.list as { id: number; root_hash: string }[])[0]!;
  await expect(admin.getByRole('row').filter({ hasText: latest.root_hash })).toContainText('owner@e2e.local');
  await shot(admin, 'proof-01-console-snapshot');

  // The customer opens the page from My and sees the path verified in the browser against the published root.
  const phone = await signedInPhone(browser, session);
  await phone.goto('/#/pages/mine/mine');
  await phone.getByText('Proof of liabilities').click();
  await expect(
    phone.getByText(/Your balance of 123\.45 USDT is included in snapshot \d+ \(.+\) with total [\d,.]+ USDT\./),
  ).toBeVisible();
  await expect(phone.locator('.proof-verdict.verified')).toBeVisible();
  await expect(phone.getByText('Published snapshots')).toBeVisible();
  await expect(phone.getByText(/does not prove that the platform holds reserves/)).toBeVisible();
  const download = phone.waitForEvent('download');
  await phone.getByRole('button', { name: /Download proof/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^proof-of-liabilities-\d+\.json$/);
  await shot(phone, 'proof-02-verified');

  // The same page with the answer changed on the way: a sibling sum raised by 1000 USDT.
  const tampered = await signedInPhone(browser, session, 'en', { routed: true });
  await tampered.route('**/api/v1/proof/mine', async (route: Route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { leaves: { path: { sum: string }[] }[] } };
    const step = json.data.leaves[0]!.path[0]!;
    step.sum = (BigInt(step.sum.split('.')[0]!) + 1000n).toString() + step.sum.slice(step.sum.indexOf('.'));
    await route.fulfill({ response, json });
  });
  await tampered.goto('/#/pages/mine/proof');
  await expect(tampered.getByText('The proof did not verify')).toBeVisible();
  await expect(tampered.getByText('The sum at level 1 is not the sum of the two nodes below it.')).toBeVisible();
  await expect(tampered.getByText(/Your balance of/)).toHaveCount(0);
  await shot(tampered, 'proof-03-tampered');

  // In German.
  const de = await signedInPhone(browser, session, 'de');
  await de.goto('/#/pages/mine/proof');
  await expect(de.getByText(/Ihr Guthaben von 123,45 USDT ist in Schnappschuss \d+ .* enthalten\./)).toBeVisible();
  await expect(de.getByText('Was das beweist')).toBeVisible();
  await shot(de, 'proof-04-verified-de');
});
