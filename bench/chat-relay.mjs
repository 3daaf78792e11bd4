// The ceiling of bench/chat.mjs: a bare socket.io relay with the chat's namespace, events and
// payload shapes (`join` acknowledged, `send_message` acknowledged with the message, the partner
// hearing `message`) and nothing else: no token check, no database, no rate limit. Started in a
// child process by bench/chat.mjs (like the real server), it prints its port once listening.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib.mjs';

// The server's own socket.io (the version the real server runs).
const require = createRequire(`${ROOT}/server/package.json`);
const { Server } = require('socket.io');

const http = createServer();
const io = new Server(http, { serveClient: false, transports: ['websocket', 'polling'] });
let nextId = 1;

io.of('/chat').on('connection', (socket) => {
  // The user named by the access token's claims, read without checking the signature.
  const token = String(socket.handshake.auth?.token ?? '');
  let claims = {};
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  } catch {
    /* no claims: an anonymous sender */
  }
  const sender = { id: Number(claims.id ?? 0), first_name: 'Persona', username: String(claims.email ?? '') };
  socket.on('join', (body, ack) => {
    for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
    void socket.join(`conversation:${body?.conversation_id}`);
    ack?.({ ok: true });
  });
  socket.on('send_message', (body, ack) => {
    const message = {
      id: nextId++,
      conversation_id: Number(body?.conversation_id),
      content: String(body?.content ?? '').trim(),
      timestamp: new Date().toISOString(),
      is_read: false,
      sender,
      client_id: body?.client_id ?? null,
    };
    socket.to(`conversation:${message.conversation_id}`).emit('message', message);
    ack?.({ message, duplicate: false });
  });
});

http.listen(0, '127.0.0.1', () => console.log(`relay listening on ${http.address().port}`));
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
