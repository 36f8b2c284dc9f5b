import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { MissingPrerequisiteError } from './errors.js';
import type { MongoJavaServerInstall } from './mongo-java-server.js';
import {
  locateJavaTool,
  mongoJavaServerArgs,
  mongoJavaServerCacheDir,
  parseStoreSelection,
} from './mongo-java-server.js';

describe('NCS_STORE', () => {
  it('is auto when unset or empty, the chain (container, mongod, FerretDB) with ferretdb', () => {
    expect(parseStoreSelection(undefined)).toEqual({ kind: 'auto' });
    expect(parseStoreSelection('')).toEqual({ kind: 'auto' });
    expect(parseStoreSelection('auto')).toEqual({ kind: 'auto' });
    expect(parseStoreSelection('ferretdb')).toEqual({ kind: 'default' });
  });

  it('selects mongo-java-server with its H2 file backend by default, memory on request', () => {
    expect(parseStoreSelection('mongo-java-server')).toEqual({ kind: 'mongo-java-server', backend: 'h2' });
    expect(parseStoreSelection(' Mongo-Java-Server:h2 ')).toEqual({
      kind: 'mongo-java-server',
      backend: 'h2',
    });
    expect(parseStoreSelection('mongo-java-server:memory')).toEqual({
      kind: 'mongo-java-server',
      backend: 'memory',
    });
  });

  it('refuses an unknown store, naming the values it takes', () => {
    expect(() => parseStoreSelection('postgres')).toThrow(
      'NCS_STORE=postgres is not a store: use one of auto, ferretdb, mongo-java-server, mongo-java-server:h2, mongo-java-server:memory',
    );
  });
});

describe('the mongo-java-server command line', () => {
  const install: MongoJavaServerInstall = {
    java: '/usr/bin/java',
    classesDir: '/cache/ncs/mongo-java-server-1.47.0/classes-abc',
    libDir: '/cache/ncs/mongo-java-server-1.47.0/lib',
  };

  it('starts the launcher on the port with the H2 file, its cache and wire version 13', () => {
    expect(
      mongoJavaServerArgs(install, {
        port: 41235,
        serverDir: '/data/mongo-java-server',
        backend: 'h2',
        file: '/data/mongo-java-server/store.mv.db',
      }),
    ).toEqual([
      '-Dncs.serverDir=/data/mongo-java-server',
      '-Xmx1g',
      '-XX:+UseSerialGC',
      '-cp',
      `/cache/ncs/mongo-java-server-1.47.0/classes-abc${path.delimiter}/cache/ncs/mongo-java-server-1.47.0/lib/*`,
      'MongoJavaServerLauncher',
      '--port',
      '41235',
      '--backend',
      'h2',
      '--file',
      '/data/mongo-java-server/store.mv.db',
      '--cache-mb',
      '256',
      '--wire-version',
      '13',
    ]);
  });

  it('needs no file for the memory backend', () => {
    const args = mongoJavaServerArgs(install, { port: 5, serverDir: '/d', backend: 'memory' });
    expect(args.slice(-6)).toEqual(['--port', '5', '--backend', 'memory', '--wire-version', '13']);
    expect(args).not.toContain('--file');
  });

  it('refuses the H2 backend without a file', () => {
    expect(() => mongoJavaServerArgs(install, { port: 5, serverDir: '/d', backend: 'h2' })).toThrow(
      'needs a data file',
    );
  });

  it('caches the jars per version under <cache home>/ncs', () => {
    expect(mongoJavaServerCacheDir('/home/u/.cache')).toBe('/home/u/.cache/ncs/mongo-java-server-1.47.0');
  });

  it('names the Debian package and the alternatives when java or mvn is missing', () => {
    const none = { searchPath: '', fallbackDirs: [] };
    expect(() => locateJavaTool('java', none)).toThrow(MissingPrerequisiteError);
    expect(() => locateJavaTool('java', none)).toThrow(
      /java not found .*openjdk-17-jdk-headless.*unset NCS_STORE.*MONGO_URL/,
    );
    expect(() => locateJavaTool('mvn', none)).toThrow(/mvn not found .*Debian package maven/);
  });
});
