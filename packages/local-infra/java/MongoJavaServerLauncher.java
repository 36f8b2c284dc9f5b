// Starts mongo-java-server (the second local store) on a loopback port, as
// packages/local-infra/src/mongo-java-server.ts asks:
//
//   java -cp <cache>/classes:<cache>/lib/* MongoJavaServerLauncher \
//     --port 41235 --backend h2|memory [--file <data dir>/store.mv.db] [--cache-mb 256] [--wire-version 13]
//
// - The stock build announces wire version 8 (MongoDB 4.2; its MONGO_5_0 is not the default), and the
//   Node driver 7 refuses servers below wire version 9 (MongoDB 4.4). The backend is given a version
//   that announces 5.0 with wire version 13, which the research (shared/research/local-store.md) ran
//   the project's suites against.
// - The H2 backend keeps its data in one MVStore file with a page cache of --cache-mb megabytes
//   (H2's default, 16 MB, makes every scan read the file again).
// - SIGTERM (and Ctrl-C) closes the listener, then the backend, which commits and closes the file.
// - Creating or dropping an index holds the collection's lock. Version 1.47.0 changes a collection's
//   list of indexes (a plain ArrayList) under the database's lock only, while inserts, updates and
//   queries walk that list under the collection's lock: a write that met an index being created
//   failed with a ConcurrentModificationException, which the driver saw as "Unknown error: null"
//   (mongoose creates a model's indexes in the background while the first writes arrive), and a
//   document written while an index was being filled could be left out of it.
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.h2.mvstore.MVStore;

public final class MongoJavaServerLauncher {
  private MongoJavaServerLauncher() {}

  /** The version the server announces in hello/isMaster and buildInfo. */
  private static MongoVersion version(int wireVersion) {
    return new MongoVersion() {
      @Override
      public List<Integer> getVersionArray() {
        return List.of(5, 0, 0);
      }

      @Override
      public int getWireVersion() {
        return wireVersion;
      }
    };
  }

  /**
   * Runs {@code change} holding the lock of the collection that an index description names (its
   * "ns" is "<database>.<collection>"); a description naming no collection of this database is left
   * to {@code change}, which refuses it as the stock server does.
   */
  private static void lockingCollection(
      String databaseName, Document indexDescription, Function<String, Object> collection, Runnable change) {
    String ns = String.valueOf(indexDescription.get("ns"));
    if (!ns.startsWith(databaseName + ".")) {
      change.run();
      return;
    }
    synchronized (collection.apply(ns.substring(databaseName.length() + 1))) {
      change.run();
    }
  }

  /** The memory backend, its index changes under the collection's lock (see the header). */
  private static final class MemoryStore extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
      return new MemoryDatabase(databaseName, getCursorRegistry()) {
        @Override
        protected synchronized void addIndex(Document indexDescription) {
          lockingCollection(
              getDatabaseName(), indexDescription, this::resolveOrCreateCollection, () -> super.addIndex(indexDescription));
        }

        @Override
        protected void dropIndex(MongoCollection<Integer> collection, String indexName) {
          synchronized (collection) {
            super.dropIndex(collection, indexName);
          }
        }
      };
    }
  }

  /** The H2 backend, its index changes under the collection's lock (see the header). */
  private static final class H2Store extends H2Backend {
    H2Store(MVStore store) {
      super(store);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
      return new H2Database(databaseName, getMvStore(), getCursorRegistry()) {
        @Override
        protected synchronized void addIndex(Document indexDescription) {
          lockingCollection(
              getDatabaseName(), indexDescription, this::resolveOrCreateCollection, () -> super.addIndex(indexDescription));
        }

        @Override
        protected void dropIndex(MongoCollection<Object> collection, String indexName) {
          synchronized (collection) {
            super.dropIndex(collection, indexName);
          }
        }
      };
    }
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --name value pairs, got: " + String.join(" ", args));
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }

  private static String required(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) throw new IllegalArgumentException("missing --" + name);
    return value;
  }

  public static void main(String[] args) throws InterruptedException {
    Map<String, String> options = parse(args);
    int port = Integer.parseInt(required(options, "port"));
    String backendName = required(options, "backend");
    int wireVersion = Integer.parseInt(options.getOrDefault("wire-version", "13"));

    MongoBackend backend;
    if (backendName.equals("memory")) {
      backend = new MemoryStore();
    } else if (backendName.equals("h2")) {
      MVStore store =
          new MVStore.Builder()
              .fileName(required(options, "file"))
              .cacheSize(Integer.parseInt(options.getOrDefault("cache-mb", "256")))
              .open();
      backend = new H2Store(store);
    } else {
      throw new IllegalArgumentException("unknown --backend " + backendName + " (h2 or memory)");
    }
    backend.version(version(wireVersion));

    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
    System.out.println(
        "mongo-java-server (" + backendName + ", wire version " + wireVersion + ") listening on 127.0.0.1:" + port);

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  System.out.println("mongo-java-server: stopping");
                  server.shutdown();
                  backend.close();
                  System.out.println("mongo-java-server: stopped");
                  stopped.countDown();
                }));
    stopped.await();
  }
}
