/**
 * What the branding-image tests share (theme-images-themes.test.ts,
 * theme-images-network-defaults.test.ts): a network with its administrator, a plain member in no
 * group and an administrator of another network, and the paths and uploads they use.
 */
import { beforeAll } from 'vitest';
import { call } from '../../support/api.js';
import { newTemporaryFile } from '../../support/factories/attachments.js';
import { newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { filePath, type FileBody } from '../../support/factories/files.js';

export interface Problem {
  code: number;
  errors?: { pointer: string; message: string }[];
}

export type Ref = { type: string; EID: string } | null;

export let network: TestNetwork;
export let other: TestNetwork;
export let adminToken: string;
/** A plain member of the network who is in no group. */
export let memberToken: string;
export let memberEID: string;
export let outsiderToken: string;

export const download = (fileEID: string) => filePath(network.networkEID, fileEID, 'download');
export const thumbnail270 = (fileEID: string) =>
  `/networks/${network.networkEID}/files/${fileEID}/thumbnails/270x270`;
/** The admin's temporary image upload (`POST /networks/{n}/files/?kind=image`). */
export const temporaryImage = async (bytes: Buffer, name = 'image.png') =>
  newTemporaryFile(network.networkEID, adminToken, bytes, { filename: name });
export const readFile = (fileEID: string, token: string) =>
  call<FileBody & { temporary: boolean }>(filePath(network.networkEID, fileEID), { token });

/** Registers the hook that creates both networks and the member, before the file's tests. */
export function useThemeImagesNetworks(): void {
  beforeAll(async () => {
    [network, other] = await Promise.all([newNetwork('Files theme images'), newNetwork('Elsewhere')]);
    adminToken = await network.admin.token();
    const member = await network.newMember();
    memberToken = await member.token();
    memberEID = member.profileEID;
    outsiderToken = await other.admin.token();
  });
}
