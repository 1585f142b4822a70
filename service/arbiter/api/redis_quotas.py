"""What each client holds in Redis: the shared store's quotas (:class:`RedisQuotas`).

The in-process store counts its clients' bytes in :class:`~arbiter.api.budget.Budget`; with
Redis, every worker and replica writes to one store, so the count lives in Redis too. For each
client and each kind of entry (``states``, ``tables``, ``packs``) two keys, hash-tagged by the
client so that one script reads and writes both (they share a slot in a cluster):

* ``arbiter:usage:{<client>}:<kind>:z`` -- a sorted set of the client's entries (their Redis
  keys), each scored by when it expires (milliseconds);
* ``arbiter:usage:{<client>}:<kind>:h`` -- each entry's bytes, and ``_t`` their total.

Entries that expired are forgotten lazily, at the client's next write. A new entry past the
client's quota (``ARBITER_CLIENT_SHARE`` of ``ARBITER_CACHE_BYTES``, ``ARBITER_TABLE_BYTES`` or
``ARBITER_CONTENT_BYTES``) makes room from the client's **own** entries where they may go (open
states and packs: its oldest first, which the caller then deletes) or is refused to that client
alone (a live sealed game: :class:`~arbiter.api.budget.OverQuota`, ``429``). An entry written
again (a state made twice) is only refreshed. A sealed game is counted at the size it had when it
was set up, until it ends (released then) or expires. The usage keys expire with the client's last
entry; if memory pressure evicts them, the client's count starts again from nothing (the quotas
fail open, never closed). Open states are named by what they hold: a state two clients made alike
is one entry, counted by both, which either one's quota may remove.
"""

from __future__ import annotations

from typing import Any, Final, Literal

Kind = Literal["states", "tables", "packs"]

#: Keep (or refresh) an entry of a client, making room from its own entries where they may go.
#: KEYS: the client's sorted set and hash of ``kind``. ARGV: now (ms), the entry's key, its
#: bytes, when it expires (ms), the quota, and ``own`` ('1': the client's own entries may go to
#: make room; '0': refuse instead). Returns ``{1, victim keys...}`` when kept (the caller deletes
#: the victims) or ``{0, used, first expiry (ms)}`` when refused.
_ACCOUNT = """
local now = tonumber(ARGV[1])
local total = tonumber(redis.call('HGET', KEYS[2], '_t') or '0')
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 1000)
if #gone > 0 then
  local sizes = redis.call('HMGET', KEYS[2], unpack(gone))
  for i = 1, #gone do total = total - tonumber(sizes[i] or '0') end
  redis.call('ZREM', KEYS[1], unpack(gone))
  redis.call('HDEL', KEYS[2], unpack(gone))
end
local member, size, expires, quota = ARGV[2], tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
local old = redis.call('HGET', KEYS[2], member)
local victims = {}
if old then
  total = total - tonumber(old)
elseif total + size > quota then
  local need = total + size - quota
  if ARGV[6] == '1' and size <= quota then
    local own = redis.call('ZRANGE', KEYS[1], 0, 999)
    local sizes = #own > 0 and redis.call('HMGET', KEYS[2], unpack(own)) or {}
    for i = 1, #own do
      if need <= 0 then break end
      victims[#victims + 1] = own[i]
      need = need - tonumber(sizes[i] or '0')
    end
  end
  if need > 0 then
    local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    redis.call('HSET', KEYS[2], '_t', total)
    return {0, total, first[2] or now}
  end
  local freed = redis.call('HMGET', KEYS[2], unpack(victims))
  for i = 1, #victims do total = total - tonumber(freed[i] or '0') end
  redis.call('ZREM', KEYS[1], unpack(victims))
  redis.call('HDEL', KEYS[2], unpack(victims))
end
redis.call('ZADD', KEYS[1], expires, member)
redis.call('HSET', KEYS[2], member, size, '_t', total + size)
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local ttl = math.max(1000, tonumber(last[2]) - now + 60000)
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
local kept = {1}
for i = 1, #victims do kept[#kept + 1] = victims[i] end
return kept
"""

#: Forget an entry of a client (a game that ended, a write that failed). KEYS: as above; ARGV:
#: the entry's key.
_RELEASE = """
local size = redis.call('HGET', KEYS[2], ARGV[1])
if not size then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[2], '_t', -tonumber(size))
return 1
"""


class Refused(Exception):
    """A client may not keep a new entry: what it holds and when its first entry expires."""

    def __init__(self, used: int, first_expiry_ms: float) -> None:
        super().__init__(used, first_expiry_ms)
        self.used = used
        self.first_expiry_ms = first_expiry_ms


class RedisQuotas:
    """The clients' usage in Redis (module docstring), over the store's redis-py client.
    ``quotas``: the bytes one client may hold of each kind."""

    def __init__(self, redis: Any, quotas: dict[Kind, int]) -> None:
        self.quotas: Final = quotas
        self._account = redis.register_script(_ACCOUNT)
        self._release = redis.register_script(_RELEASE)

    @staticmethod
    def keys(client: str, kind: Kind) -> list[str]:
        tag = "arbiter:usage:{" + client + "}:" + kind
        return [tag + ":z", tag + ":h"]

    async def keep(
        self,
        client: str,
        kind: Kind,
        key: str,
        size: int,
        now_ms: int,
        expires_ms: int,
        *,
        own: bool,
    ) -> list[str]:
        """Count ``key`` (``size`` bytes, expiring at ``expires_ms``) as ``client``'s; the keys
        of its own entries to delete to make room (``own``), or :class:`Refused`."""
        args = [now_ms, key, size, expires_ms, self.quotas[kind], "1" if own else "0"]
        answer = await self._account(keys=self.keys(client, kind), args=args)
        if int(answer[0]) == 0:
            raise Refused(int(answer[1]), float(answer[2]))
        return [v.decode() if isinstance(v, bytes) else str(v) for v in answer[1:]]

    async def release(self, client: str, kind: Kind, key: str) -> None:
        """Forget ``key`` of ``client``'s ``kind`` (nothing if it was not counted)."""
        await self._release(keys=self.keys(client, kind), args=[key])
