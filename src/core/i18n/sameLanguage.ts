// Isomorphic: whether two BCP 47 tags name one language (`de` and `de-AT`, `pt-BR` and `pt`): text in one needs no
// `lang` of its own inside the other. Scripts count (`zh-Hans` and `zh-Hant` are read differently).
export function sameLanguage(a: string, b: string): boolean {
  const key = (tag: string) => {
    const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
    return `${language}-${rest.find((s) => /^[a-z]{4}$/.test(s)) ?? ''}`;
  };
  return key(a) === key(b);
}
