import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox } from './support/codes';
import { rideCard } from './support/booking';
import { expectWordsWhole } from './support/layout';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
const CHAT = '/in/en/user/ai/taxi/booking';
const SAMPLE = 'Book a non-AC sedan one-way from Chennai to Bangalore at 8 PM';

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Types a message and sends it; waits until the three-dot placeholder has been replaced. */
async function say(page: Page, text: string) {
  await messageBox(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation(page).getByText(text, { exact: true }).last()).toBeVisible();
  await expect(conversation(page).getByRole('img', { name: 'The AI assistant is typing' })).toHaveCount(0, { timeout: 20_000 });
}

test('a signed-out rider gets fares by chatting with the AI and signs in by code only to book: sample message, a missing detail, a vehicle, confirm, sign-in; the booking goes through, the ride is in My rides and the chat survives a reload', async ({
  page,
}) => {
  await page.goto(CHAT);
  await expect(page.getByRole('heading', { name: 'Book Taxi with AI', level: 1 })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await messageBox(page).fill('   ');
  await expect(send).toBeDisabled();

  await page.getByRole('button', { name: /Try this message/ }).click();
  await expect(messageBox(page)).toHaveValue(SAMPLE);
  await send.click();

  // signed out, the message goes out at once and the agent answers in place of the dots
  const signIn = page.getByRole('dialog', { name: 'Sign in to book' });
  await expect(conversation(page).getByText(SAMPLE, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(messageBox(page)).toHaveValue('');
  await expect(conversation(page).getByRole('img', { name: 'The AI assistant is typing' })).toHaveCount(0, { timeout: 20_000 });
  await expect(conversation(page).locator(':scope > li')).toHaveCount(2);
  await expect(signIn).toHaveCount(0);

  // the day was left out: give it, and the fares come as vehicle cards
  await say(page, 'tomorrow');
  await expect(conversation(page).getByRole('heading', { name: 'Choose a vehicle' }).last()).toBeVisible();
  // On a small phone the vehicle names and fares stay whole (the price goes under the name when both do not fit).
  await page.setViewportSize({ width: 360, height: 780 });
  await expectWordsWhole(conversation(page).getByRole('button', { name: /₹/ }), 'the vehicle cards at 360 px');
  await page.setViewportSize({ width: 412, height: 839 });

  await conversation(page)
    .getByRole('button', { name: /^Sedan ₹/ })
    .last()
    .click();
  const confirmCard = conversation(page).getByRole('heading', { name: 'Confirm your ride' }).last();
  await expect(confirmCard).toBeVisible({ timeout: 20_000 });
  await conversation(page).getByRole('button', { name: 'Confirm', exact: true }).last().click();

  // booking needs the rider's phone: the sign-in opens, and once signed in the held "yes" books in the same conversation
  await expect(signIn).toBeVisible({ timeout: 20_000 });
  await signIn.getByLabel('Phone number', { exact: true }).fill('98400 77777');
  await signIn.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, ORIGIN, '+919840077777');
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
  await expect(signIn).toBeHidden();

  const booked = conversation(page).getByRole('heading', { name: /^Ride #\d+ is booked$/ });
  await expect(booked).toBeVisible({ timeout: 20_000 });
  const rideId = /#(\d+)/.exec((await booked.textContent())!)![1];
  await expect(conversation(page).getByText(/cashback goes to your wallet/)).toContainText('₹');

  await conversation(page).getByRole('link', { name: 'See it in My rides' }).click();
  await expect(page).toHaveURL(/\/in\/en\/user\/rides$/);
  const card = rideCard(page, rideId);
  await expect(card).toContainText('Chennai');
  await expect(card).toContainText('Bengaluru');

  await page.goto(CHAT);
  await expect(conversation(page).getByText(SAMPLE, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(conversation(page).getByText('tomorrow', { exact: true })).toBeVisible();
  await expect(conversation(page).getByRole('heading', { name: `Ride #${rideId} is booked` })).toBeVisible();
  await page.reload();
  await expect(conversation(page).getByRole('heading', { name: `Ride #${rideId} is booked` })).toBeVisible({ timeout: 20_000 });
});

test('voice input says so where the browser has no speech recognition; a signed-out rider is answered without a sign-in', async ({ page }) => {
  await page.addInitScript(() => {
    // shadowed, not deleted: a browser may define them on Window's prototype, where `delete window.X` does not reach
    for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) Object.defineProperty(window, name, { value: undefined, configurable: true });
  });
  await page.goto(CHAT);
  // The page has its scripts once the sample message goes into the box (a tap before that does nothing yet)
  await expect(async () => {
    await page.getByRole('button', { name: /^Try this message/ }).click();
    await expect(messageBox(page)).not.toHaveValue('', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await messageBox(page).fill('');
  // The alert blocks the page until answered, so it is answered as it opens.
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await page.getByRole('button', { name: 'Speak your message' }).click();
  expect(await alerted).toBe('Voice recognition not supported.');

  await say(page, 'Chennai to Madurai tomorrow 6am');
  await expect(conversation(page).getByRole('heading', { name: 'Choose a vehicle' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in to book' })).toHaveCount(0);
});
