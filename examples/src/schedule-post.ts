// Upload an image, schedule a social post a few seconds ahead, and see it posted.
import { info, run, step } from './env.js';

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

await run(async ({ client, wait }) => {
  step('Uploading the image');
  const media = await client.posts.media.upload(new Blob([PNG], { type: 'image/png' }));
  info(`${media.type} at ${media.url}`);

  step('Scheduling the post 3 seconds from now');
  const at = new Date(Date.now() + 3_000);
  const { post } = await client.posts.create({
    content: 'We are hiring engineers who like well-made APIs.',
    hashtags: ['hiring', 'engineering'],
    channels: ['socialnet'],
    status: 'scheduled',
    scheduled_at: at.toISOString(),
    media_items: [{ url: media.url, type: media.type }],
  });
  info(`post ${post.id} is ${post.status} for ${post.scheduled_at}`);

  step('Waiting for it to be posted');
  for (let waited = 0; waited <= 30_000; waited += 1_000) {
    const { post: now } = await client.posts.sync(post.id);
    info(`${now.status} after ${waited / 1000} s`);
    if (now.status === 'posted') return;
    await wait(1_000);
  }
  throw new Error('The post was not published within 30 s');
});
