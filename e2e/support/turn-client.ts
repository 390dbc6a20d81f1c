// A minimal TURN client over UDP (RFC 5389 / 5766): Allocate with long-term credentials,
// CreatePermission, Send and Data indications. Enough to prove that credentials minted by the
// server are accepted by coturn and that data really goes through the relay.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

const MAGIC = 0x2112a442;
const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  xorPeerAddress: 0x0012,
  data: 0x0013,
  xorRelayedAddress: 0x0016,
  requestedTransport: 0x0019,
  lifetime: 0x000d,
} as const;
const TYPE = {
  allocate: 0x0003,
  allocateOk: 0x0103,
  allocateError: 0x0113,
  refresh: 0x0004,
  createPermission: 0x0008,
  createPermissionOk: 0x0108,
  send: 0x0016,
  data: 0x0017,
} as const;

type TAttribute = { type: number; value: Buffer };
type TMessage = { type: number; transactionId: Buffer; attributes: Map<number, Buffer> };
export type TAddress = { address: string; port: number };

function encode(type: number, transactionId: Buffer, attributes: TAttribute[], integrityKey?: Buffer): Buffer {
  const body = Buffer.concat(
    attributes.map(({ type: attrType, value }) => {
      const header = Buffer.alloc(4);
      header.writeUInt16BE(attrType, 0);
      header.writeUInt16BE(value.length, 2);
      return Buffer.concat([header, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(body.length + (integrityKey ? 24 : 0), 2);
  header.writeUInt32BE(MAGIC, 4);
  transactionId.copy(header, 8);
  if (!integrityKey) return Buffer.concat([header, body]);
  const mac = createHmac('sha1', integrityKey)
    .update(Buffer.concat([header, body]))
    .digest();
  const integrity = Buffer.alloc(4);
  integrity.writeUInt16BE(ATTR.messageIntegrity, 0);
  integrity.writeUInt16BE(20, 2);
  return Buffer.concat([header, body, integrity, mac]);
}

function decode(packet: Buffer): TMessage | null {
  if (packet.length < 20 || packet.readUInt32BE(4) !== MAGIC) return null;
  const attributes = new Map<number, Buffer>();
  let offset = 20;
  const end = 20 + packet.readUInt16BE(2);
  while (offset + 4 <= end) {
    const type = packet.readUInt16BE(offset);
    const length = packet.readUInt16BE(offset + 2);
    attributes.set(type, packet.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type: packet.readUInt16BE(0), transactionId: packet.subarray(8, 20), attributes };
}

function xorAddress({ address, port }: TAddress): Buffer {
  const value = Buffer.alloc(8);
  value.writeUInt8(0x01, 1);
  value.writeUInt16BE(port ^ (MAGIC >>> 16), 2);
  const ip = address.split('.').reduce((n, part) => (n << 8) | Number(part), 0) >>> 0;
  value.writeUInt32BE((ip ^ MAGIC) >>> 0, 4);
  return value;
}

function readXorAddress(value: Buffer | undefined): TAddress | null {
  if (!value || value.length < 8) return null;
  const ip = (value.readUInt32BE(4) ^ MAGIC) >>> 0;
  return {
    address: [ip >>> 24, (ip >>> 16) & 255, (ip >>> 8) & 255, ip & 255].join('.'),
    port: value.readUInt16BE(2) ^ (MAGIC >>> 16),
  };
}

const errorCodeOf = (value: Buffer | undefined) => (value ? (value[2] ?? 0) * 100 + (value[3] ?? 0) : 0);

export type TTurnSession = {
  relayed: TAddress;
  createPermission(peer: TAddress): Promise<void>;
  send(peer: TAddress, data: Buffer): void;
  /** The next Data indication: what a peer sent to the relayed address. */
  receive(timeoutMs?: number): Promise<{ from: TAddress; data: Buffer }>;
  close(): Promise<void>;
};

export type TAllocateResult = { ok: true; session: TTurnSession } | { ok: false; status: number };

/** Allocates a UDP relay on a TURN server with (REST-API) long-term credentials. */
export async function allocateRelay(o: {
  server: TAddress;
  username: string;
  credential: string;
  timeoutMs?: number;
}): Promise<TAllocateResult> {
  const socket: Socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const timeoutMs = o.timeoutMs ?? 2000;
  const pending = new Map<string, (message: TMessage) => void>();
  const inbox: TMessage[] = [];
  const inboxWaiters: ((message: TMessage) => void)[] = [];
  socket.on('message', (packet) => {
    const message = decode(packet);
    if (!message) return;
    if (message.type === TYPE.data) {
      const waiter = inboxWaiters.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
      return;
    }
    pending.get(message.transactionId.toString('hex'))?.(message);
  });

  const request = (type: number, attributes: TAttribute[], key?: Buffer) =>
    new Promise<TMessage>((resolve, reject) => {
      const transactionId = randomBytes(12);
      const id = transactionId.toString('hex');
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`TURN request 0x${type.toString(16)} unanswered within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, (message) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(message);
      });
      socket.send(encode(type, transactionId, attributes, key), o.server.port, o.server.address);
    });

  const udp: TAttribute = { type: ATTR.requestedTransport, value: Buffer.from([17, 0, 0, 0]) };
  const challenge = await request(TYPE.allocate, [udp]);
  const realm = challenge.attributes.get(ATTR.realm);
  const nonce = challenge.attributes.get(ATTR.nonce);
  if (!realm || !nonce) {
    socket.close();
    return { ok: false, status: errorCodeOf(challenge.attributes.get(ATTR.errorCode)) };
  }
  const key = createHash('md5').update(`${o.username}:${realm.toString()}:${o.credential}`).digest();
  const auth: TAttribute[] = [
    { type: ATTR.username, value: Buffer.from(o.username) },
    { type: ATTR.realm, value: realm },
    { type: ATTR.nonce, value: nonce },
  ];
  const allocated = await request(TYPE.allocate, [udp, ...auth], key);
  const relayed = readXorAddress(allocated.attributes.get(ATTR.xorRelayedAddress));
  if (allocated.type !== TYPE.allocateOk || !relayed) {
    socket.close();
    return { ok: false, status: errorCodeOf(allocated.attributes.get(ATTR.errorCode)) };
  }

  return {
    ok: true,
    session: {
      relayed,
      async createPermission(peer) {
        const answer = await request(
          TYPE.createPermission,
          [{ type: ATTR.xorPeerAddress, value: xorAddress(peer) }, ...auth],
          key,
        );
        if (answer.type !== TYPE.createPermissionOk) {
          throw new Error(`CreatePermission refused: ${errorCodeOf(answer.attributes.get(ATTR.errorCode))}`);
        }
      },
      send(peer, data) {
        const attributes = [
          { type: ATTR.xorPeerAddress, value: xorAddress(peer) },
          { type: ATTR.data, value: data },
        ];
        socket.send(encode(TYPE.send, randomBytes(12), attributes), o.server.port, o.server.address);
      },
      receive(waitMs = timeoutMs) {
        const toResult = (message: TMessage) => ({
          from: readXorAddress(message.attributes.get(ATTR.xorPeerAddress)) ?? { address: '', port: 0 },
          data: Buffer.from(message.attributes.get(ATTR.data) ?? Buffer.alloc(0)),
        });
        const queued = inbox.shift();
        if (queued) return Promise.resolve(toResult(queued));
        return new Promise((resolve, reject) => {
          const waiter = (message: TMessage) => {
            clearTimeout(timer);
            resolve(toResult(message));
          };
          const timer = setTimeout(() => {
            inboxWaiters.splice(inboxWaiters.indexOf(waiter), 1);
            reject(new Error(`no data through the relay within ${waitMs} ms`));
          }, waitMs);
          inboxWaiters.push(waiter);
        });
      },
      async close() {
        // Lifetime 0 releases the allocation at once.
        const lifetime = { type: ATTR.lifetime, value: Buffer.alloc(4) };
        await request(TYPE.refresh, [lifetime, ...auth], key).catch(() => undefined);
        socket.close();
      },
    },
  };
}
