/**
 * Files (media): an uploaded video is processed in the background (duration and a poster
 * frame with the ffmpeg of `@ffmpeg-installer/ffmpeg`): `processing` first, then `ready` with its
 * duration and poster, and the alert `video_processing_complete` to the uploader only;
 * `numVideoViews` counts the people who played it (a download of its bytes, once per person).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { filePath } from '../../support/factories/files.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import {
  getBytes,
  imageInfo,
  newMediaFile,
  thumbnailPath,
  tinyVideo,
  type MediaFileBody,
} from '../../support/factories/media.js';
import { alertsOf, waitForAlert } from '../../support/factories/notifications.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
let viewerToken: string;
let uploaderEID: string;
let video: MediaFileBody;
let groupEID: string;

beforeAll(async () => {
  network = await newNetwork('Files video');
  adminToken = await network.admin.token();
  const member = await network.newMember();
  const viewer = await network.newMember();
  uploaderEID = member.profileEID;
  [memberToken, viewerToken] = await Promise.all([member.token(), viewer.token()]);
  const group = await newGroup(network.networkEID, adminToken);
  groupEID = group.EID;
  await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
  await addMember(network.networkEID, group.EID, adminToken, viewer.profileEID);
  video = await newMediaFile(
    network.networkEID,
    groupEID,
    memberToken,
    await tinyVideo(),
    'video',
    'clip.mp4',
  );
});

describe('a processed video', () => {
  it('is processing when the upload answers, with no duration, poster or thumbnails yet', () => {
    expect(video).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      videoState: 'processing',
      duration: null,
      poster: null,
      thumbnails: false,
      numVideoViews: 0,
    });
    expect(video._links.poster).toBeUndefined();
  });

  it('alerts the uploader with video_processing_complete once processed', async () => {
    const alert = await waitForAlert(network.networkEID, memberToken, 'video_processing_complete', video.EID);
    expect(alert).toMatchObject({
      subject: { type: 'file', EID: video.EID },
      originators: [{ type: 'user', EID: uploaderEID }],
    });
    expect(alert?.appData).toMatchObject({ state: 'ready', duration: 2 });
    const others = await alertsOf(network.networkEID, viewerToken);
    expect(others.map((a) => a.alertType)).not.toContain('video_processing_complete');
  }, 30_000);

  it('then shows its duration and poster (a JPEG frame, a file of its own), and has thumbnails of it', async () => {
    const read = await call<MediaFileBody>(filePath(network.networkEID, video.EID), { token: viewerToken });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ videoState: 'ready', duration: 2, thumbnails: true });
    const posterEID = read.body.poster!.EID;
    expect(read.body.poster).toEqual({ type: 'file', EID: posterEID });
    expect(read.body._links.poster?.href).toMatch(new RegExp(`/files/${posterEID}/$`));
    const poster = await call<MediaFileBody>(filePath(network.networkEID, posterEID), { token: viewerToken });
    expect(poster.body).toMatchObject({
      kind: 'image',
      contentType: 'image/jpeg',
      name: 'clip-poster.jpg',
      group: { type: 'group', EID: groupEID },
      uploader: { type: 'user', EID: uploaderEID },
    });
    const frame = await getBytes(filePath(network.networkEID, posterEID, 'download'), viewerToken);
    expect(frame.status, frame.text).toBe(200);
    expect(await imageInfo(frame.bytes)).toEqual({ width: 64, height: 48, format: 'jpeg' });
    const thumbnail = await getBytes(thumbnailPath(network.networkEID, video.EID, '300x170'), viewerToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(await imageInfo(thumbnail.bytes)).toMatchObject({ width: 300, height: 170 });
  });

  it('counts each person who plays it once (numVideoViews)', async () => {
    const download = filePath(network.networkEID, video.EID, 'download');
    const first = await getBytes(download, viewerToken, { range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    // The same person again, from the start and further on: still one view.
    expect((await getBytes(download, viewerToken)).status).toBe(200);
    expect((await getBytes(download, viewerToken, { range: 'bytes=100-' })).status).toBe(206);
    const once = await call<MediaFileBody>(filePath(network.networkEID, video.EID), { token: memberToken });
    expect(once.body.numVideoViews).toBe(1);
    expect((await getBytes(download, memberToken)).status).toBe(200);
    const twice = await call<MediaFileBody>(filePath(network.networkEID, video.EID), { token: memberToken });
    expect(twice.body.numVideoViews).toBe(2);
  });

  it('is not readable from another network (404), nor its thumbnails', async () => {
    const other = await newNetwork('Files video elsewhere');
    const otherToken = await other.admin.token();
    expect((await call(filePath(other.networkEID, video.EID), { token: otherToken })).status).toBe(404);
    const thumbnail = await call(thumbnailPath(other.networkEID, video.EID, '390x170'), {
      token: otherToken,
    });
    expect(thumbnail.status).toBe(404);
  });
});
