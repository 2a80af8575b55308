// Send a one-off email from the unified inbox: create a thread, send a message, read it back.
import { info, run, step } from './env.js';

await run(async ({ client }) => {
  step('Choosing an email sender account');
  const { accounts } = await client.accounts.list({ type: 'email' });
  const sender = accounts.find((a) => a.status === 'active') ?? accounts[0];
  if (!sender) throw new Error('No email account: connect one first (POST /api/email/accounts)');
  info(`sending from ${sender.display_name ?? sender.id}`);

  step('Creating a thread');
  const { thread } = await client.threads.create({
    channel: 'email',
    recipient_email: 'ada@example.com',
    recipient_name: 'Ada Lovelace',
    subject: 'Following up',
  });

  step('Sending the message');
  const sent = await client.threads.messages.send(thread.id, {
    account_id: sender.id,
    body_text: 'Hi Ada,\n\nThanks for your time today. The notes are attached to our shared folder.',
  });
  info(`thread ${sent.thread.id}: ${sent.thread.inbox_state}, ${sent.thread.outbound_message_count} sent`);

  step('Reading the thread');
  const { messages } = await client.threads.retrieve(thread.id);
  for (const m of messages) info(`${m.direction} · ${m.subject ?? ''}`);
});
