// The peer's server for `make bench-peer`: boardgame.io's server (Koa, its socket.io
// transport and its lobby API) with bgio-postgres as its storage, serving the one game of
// game.js on 127.0.0.1:$PORT against $DATABASE_URL. Prints "ready" once it listens.
const { Server } = require('boardgame.io/server');
const { PostgresStore } = require('bgio-postgres');
const { DrawDiscard } = require('./game');

const port = Number(process.env.PORT);
// Sequelize logs every statement unless told not to; everything else is the adapter's default.
const db = new PostgresStore(process.env.DATABASE_URL, { logging: false });
const server = Server({ games: [DrawDiscard], db, origins: [] });

// The server listens on every interface by default; here, on loopback only.
const listen = server.app.listen;
server.app.listen = (portNumber, callback) =>
  listen.call(server.app, portNumber, '127.0.0.1', callback);

server.run({ port }).then(() => console.log('ready'));
