/**
 * Files and folders: every group's root folder has an EID derived from the group's, so
 * auth can show a group's `rootFolder` and messaging can find the group of a root folder without
 * asking anyone or storing anything (the 12 bytes XOR a constant: deterministic and reversible).
 */
const ROOT_FOLDER_MASK = 'f01de7f01de7f01de7f01de7';

function xorHex(a: string, b: string): string {
  let out = '';
  for (let i = 0; i < a.length; i += 2) {
    const byte = parseInt(a.slice(i, i + 2), 16) ^ parseInt(b.slice(i, i + 2), 16);
    out += byte.toString(16).padStart(2, '0');
  }
  return out;
}

/** The EID of a group's root folder. */
export function rootFolderOf(groupEID: string): string {
  return xorHex(groupEID, ROOT_FOLDER_MASK);
}

/** The group a folder EID is the root folder of, if it is one (the group may not exist). */
export function groupOfRootFolder(folderEID: string): string {
  return xorHex(folderEID, ROOT_FOLDER_MASK);
}
