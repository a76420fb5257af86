/**
 * What a browser keeps between asking for a sign-in code and sending it back:
 * the code-request cookie of the last request's answer (codes are bound to it).
 */
export function codeRequestJar() {
  let cookie = '';
  return {
    /** Keeps the cookie a code request's answer sets; answers the response unchanged. */
    capture<T extends Response>(res: T): T {
      const set = /__Host-code-request=[^;]+/.exec(res.headers.get('set-cookie') ?? '');
      if (set) cookie = set[0];
      return res;
    },
    get cookie(): string {
      return cookie;
    },
  };
}
