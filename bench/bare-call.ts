// The yardstick of the call bench: a bare WebRTC call with nothing of ours around it. One page per side, served
// from a server of the bench's own (127.0.0.1, so the camera may be used); the page opens its signaling socket and
// the camera + microphone (the product's constraints) as it loads. `__bareJoin()` makes one RTCPeerConnection,
// offers, and both sides trickle their candidates through a plain WebSocket relay; the other side answers. Same
// browsers, same ICE servers as the product's call, so the difference is what the product adds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** The page: everything inline, no framework. Phase times go to `window.__bare` (the page's Date.now()). */
const PAGE = `<!doctype html><meta charset="utf-8"><title>bare call</title><video id="remote" autoplay playsinline muted></video>
<script>
const params = new URLSearchParams(location.search);
const iceServers = JSON.parse(params.get('ice') || '[]');
const bare = (window.__bare = { marks: {} });
const mark = (name) => { if (!(name in bare.marks)) bare.marks[name] = Date.now(); };
const ws = new WebSocket('ws://' + location.host + '/relay?room=' + params.get('room'));
let stream = null;
let pc = null;
let queue = Promise.resolve();
bare.ready = Promise.all([
  new Promise((resolve) => (ws.onopen = resolve)),
  navigator.mediaDevices
    .getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
    })
    .then((s) => (stream = s)),
]).then(() => true);
const send = (data) => ws.send(JSON.stringify(data));
function connection() {
  if (pc) return pc;
  pc = new RTCPeerConnection({ iceServers });
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  pc.onicecandidate = ({ candidate }) => candidate && candidate.candidate && send({ candidate });
  pc.oniceconnectionstatechange = () => pc.iceConnectionState === 'connected' && mark('ice');
  pc.ontrack = ({ streams }) => (document.getElementById('remote').srcObject = streams[0]);
  return pc;
}
ws.onmessage = (event) => {
  const data = JSON.parse(event.data);
  queue = queue.then(async () => {
    if (data.description) {
      const pc = connection();
      mark(data.description.type === 'offer' ? 'offer_received' : 'answer_received');
      await pc.setRemoteDescription(data.description);
      if (data.description.type === 'offer') {
        await pc.setLocalDescription();
        send({ description: pc.localDescription });
        mark('answer_sent');
      }
    } else if (data.candidate) {
      await connection().addIceCandidate(data.candidate).catch(() => undefined);
    }
  });
};
window.__bareJoin = async () => {
  mark('join');
  const pc = connection();
  await pc.setLocalDescription();
  send({ description: pc.localDescription });
  mark('offer_sent');
};
</script>`;

export type TBareCallServer = { url: string; stop(): Promise<void> };

/** Serves the bare page at `/` and relays every message of a room (`?room=`) to the room's other sockets. */
export async function startBareCallServer(): Promise<TBareCallServer> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(PAGE);
  });
  const wss = new WebSocketServer({ server, path: '/relay' });
  const rooms = new Map<string, Set<import('ws').WebSocket>>();
  wss.on('connection', (socket, request) => {
    const room = new URL(request.url ?? '/', 'http://x').searchParams.get('room') ?? '';
    const members = rooms.get(room) ?? new Set();
    rooms.set(room, members);
    members.add(socket);
    socket.on('message', (data, isBinary) => {
      for (const other of members)
        if (other !== socket && other.readyState === other.OPEN) other.send(data, { binary: isBinary });
    });
    socket.on('close', () => {
      members.delete(socket);
      if (members.size === 0) rooms.delete(room);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
