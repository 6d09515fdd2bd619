// Secrets (issues 7 and 17): Secretlint's recommended preset plus a JWT rule, run in the node adapter.
// A credential is redacted, not the note dropped: its span becomes `[redacted: <rule>]` in everything the
// adapter hands on, so no output reachable from the index or the CLI holds it. Placeholders stay as written.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { renderIndexMd, renderTagsTxt } from '../../src/core/render/renderIndexMd.js';
import { llmsFullTxtChunks } from '../../src/core/outputs/renderLlmsTxt.js';
import { renderNoteMarkdown } from '../../src/core/outputs/renderNoteMarkdown.js';
import { toQueryIndex } from '../../src/core/views/queryIndex.js';
import { runSearch } from '../../src/core/search/runSearch.js';
import { indexKnowledgeFolder, type IndexedFolder } from '../../src/node/indexKnowledgeFolder.js';
import { publishedText } from '../../src/node/readSourceFile.js';
import { scanSecrets } from '../../src/node/security/scanSecrets.js';
import { allowSecretsFrom } from '../../src/cli/flags.js';
import { looksLikePlaceholder, placeholderReason } from '../../src/node/security/placeholderSecret.js';
import { judgeSecret, redactSpans, secretAllowList } from '../../src/node/security/redactSecrets.js';
import { serialiseIndex } from '../../src/node/writeIndexOutputs.js';
import { captureIo, copyFixture } from './foundationSupport.js';
import { startServer, texts } from './mcpSupport.js';

// Credentials that must never be committed, even as fixtures: made at test time.
const token = (alphabet: string, n: number) => [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = `${ALNUM}-_`;
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const GH = `ghp_${token(ALNUM, 36)}`;
const SLACK = `xoxb-${token('0123456789', 12)}-${token('0123456789', 13)}-${token(ALNUM, 24)}`;
const JWT = `eyJ${token(B64URL, 20)}.eyJ${token(B64URL, 40)}.${token(B64URL, 43)}`;
const FM_PASSWORD = `Fm${token(ALNUM, 14)}`;
// AWS: an access key id is 20 characters (a prefix and 16 of [A-Z0-9]), its secret 40 of base64; a digit in each.
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const B64 = `${ALNUM}+/`;
const AWS_ID = `AKIA${token(UPPER, 15)}7`;
const AWS_SECRET = `${token(B64, 39)}9`;
const AWS_ID_ALONE = `AKIA${token(UPPER, 15)}3`;
const STS_ID = `ASIA${token(UPPER, 15)}5`;
const CSV_ID = `AKIA${token(UPPER, 15)}1`;
const CSV_SECRET = `${token(B64, 39)}2`;
const keyLines = privateKey.trim().split('\n');
const dir = copyFixture('secrets-basic');
writeFileSync(join(dir, 'guides/deploy-key.md'), `---\ntags: [deploy]\n---\n# Deploy key\n\n${privateKey}\nRotate it every quarter.\n`);
writeFileSync(join(dir, 'guides/github-token.md'), `# CI token\n\nexport GH_TOKEN=${GH}\n`);
writeFileSync(join(dir, 'guides/slack.md'), `---\ntags: [ci]\n---\n# Alerts\n\nbot: ${SLACK}\n`);
writeFileSync(join(dir, 'guides/session.md'), `---\ntags: [auth]\n---\n# A session token\n\nAuthorization: Bearer ${JWT}\n`);
// An id beside its secret (~/.aws/credentials), an id alone, a temporary (STS) id, and both on one line (the console's CSV).
writeFileSync(
  join(dir, 'guides/aws-credentials.md'),
  `---\ntags: [deploy]\n---\n# AWS deploy user\n\n[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\n`,
);
writeFileSync(
  join(dir, 'guides/aws-id-alone.md'),
  `---\ntags: [deploy]\n---\n# The build account\n\nThe CI user is ${AWS_ID_ALONE}; its secret is in the vault.\n`,
);
writeFileSync(join(dir, 'guides/aws-sts.md'), `---\ntags: [deploy]\n---\n# A session\n\nexport AWS_ACCESS_KEY_ID=${STS_ID}\n`);
writeFileSync(join(dir, 'guides/aws-csv.md'), `---\ntags: [deploy]\n---\n# Console export\n\nAccess key ID,Secret access key\n${CSV_ID},${CSV_SECRET}\n`);
// In frontmatter: a plain value (the marker cannot be written into the YAML as is) and a block scalar (indented: not found verbatim among the values).
writeFileSync(
  join(dir, 'guides/frontmatter.md'),
  `---\ntitle: Staging hook https://deploy:${FM_PASSWORD}@staging.example.net/hook\ntags: [ci]\nkey: |\n  ${keyLines.join('\n  ')}\n---\n# Staging\n\nSee the title.\n`,
);

/** Each credential: the note, the line the warning names, the kind, and a piece of the secret that must never be published. */
const REAL = [
  ['guides/aws-credentials.md', 7, 'aws (AWSAccessKeyID)', AWS_ID],
  ['guides/aws-credentials.md', 8, 'aws (AWSSecretAccessKey)', AWS_SECRET.slice(-20)],
  ['guides/aws-csv.md', 7, 'aws (AWSAccessKeyID)', CSV_ID],
  ['guides/aws-csv.md', 7, 'aws (AWSCredentialBeside)', CSV_SECRET],
  ['guides/aws-id-alone.md', 6, 'aws (AWSAccessKeyID)', AWS_ID_ALONE],
  ['guides/aws-sts.md', 6, 'aws (AWSAccessKeyID)', STS_ID],
  ['guides/deploy-key.md', 6, 'privatekey (PrivateKey)', keyLines[1]!.slice(0, 40)],
  ['guides/frontmatter.md', 2, 'basicauth (BasicAuth)', FM_PASSWORD],
  ['guides/frontmatter.md', 5, 'privatekey (PrivateKey)', keyLines[2]!.slice(0, 40)],
  ['guides/github-token.md', 3, 'github (GITHUB_TOKEN)', GH],
  ['guides/session.md', 6, 'jwt (JSONWebToken)', JWT.split('.')[2]!],
  ['guides/slack.md', 6, 'slack (SLACK_TOKEN)', SLACK],
  ['guides/webhook-url.md', 7, 'basicauth (BasicAuth)', 'S3cr3tPassw0rd'],
  ['references/connection-strings.md', 15, 'database-connection-string (PostgreSQLConnection)', 'Vq7wXk2mPz9s'],
  ['references/database-url.md', 9, 'database-connection-string (PostgreSQLConnection)', 'hunter2secret'],
] as const;
const SECRETS = REAL.map(([, , , secret]) => secret);
const PLACEHOLDERS = [
  'postgresql://<user>:<password>@host/postgres',
  'postgres://<user>:<pass>@<host>/db',
  'postgres://postgres:postgres@127.0.0.1:54322/postgres',
  'postgresql://account-api-user-20260121:a-secret-password@hostname/account-api_production',
];

const result = indexKnowledgeFolder(dir);

/** Every output built from the index: kb-index.json, index.md, kb-tags.txt, note pages' Markdown, search, pack data, llms-full.txt, the query index. */
function published(r: IndexedFolder): string {
  const notes = r.index.notes.map((n) => renderNoteMarkdown(n, r.bodies.get(n.path) ?? ''));
  const search = SECRETS.map((s) => JSON.stringify(runSearch(r.index, { keyword: s.slice(0, 8) }, r.bodies)));
  return [
    serialiseIndex(r.index),
    renderIndexMd(r.index),
    renderTagsTxt(r.index),
    ...notes,
    ...search,
    JSON.stringify(buildPackData(r.index, r.bodies)),
    [...llmsFullTxtChunks(r.index, r.bodies, (slug) => `/notes/${slug}.md`)].join(''),
    JSON.stringify(toQueryIndex(r.index)),
    JSON.stringify(r.report),
    JSON.stringify(r.issues),
  ].join('\n');
}

describe.each(REAL)('a credential in %s (line %i, %s)', (path, line, kind, secret) => {
  it('keeps the note', () => expect(result.index.notes.map((n) => n.path)).toContain(path));
  it('warns with file, line and kind, never the secret', () => {
    const issue = result.issues.find((i) => i.file === path && i.line === line && i.code === 'secret' && i.message.includes(`(${kind})`));
    expect(issue?.message).toContain(`(${kind}); published as [redacted: ${kind.split(' ')[0]}]`);
    expect(JSON.stringify(issue)).not.toContain(secret);
    expect(result.report.find((e) => e.path === path)?.outcome).toBe('warned');
  });
  it('is in no output built from the index', () => expect(published(result)).not.toContain(secret));
});

describe('AWS credentials', () => {
  const page = (path: string) => result.bodies.get(path)!;
  it.each([
    [
      'an id beside its secret: both go, the labels and lines stay',
      'guides/aws-credentials.md',
      'aws_access_key_id = [redacted: aws]\naws_secret_access_key = [redacted: aws]\n',
    ],
    ['an id alone', 'guides/aws-id-alone.md', 'The CI user is [redacted: aws]; its secret is in the vault.'],
    ['a temporary (STS) id', 'guides/aws-sts.md', 'export AWS_ACCESS_KEY_ID=[redacted: aws]'],
    ['id and secret on one line: the value beside the id goes too', 'guides/aws-csv.md', 'Access key ID,Secret access key\n[redacted: aws],[redacted: aws]\n'],
  ])('%s', (_name, path, text) => expect(page(path)).toContain(text));
  it('kb check --verbose names each, with file and line, never the value', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['check', '--kb', dir, '--verbose'], io)).toBeLessThan(2);
    const out = [...io.stdout, ...io.stderr].join('\n');
    for (const line of [
      'guides/aws-credentials.md:7: warning: holds what looks like a credential (aws (AWSAccessKeyID))',
      'guides/aws-credentials.md:8: warning: holds what looks like a credential (aws (AWSSecretAccessKey))',
      'guides/aws-csv.md:7: warning: holds what looks like a credential (aws (AWSCredentialBeside))',
      'guides/aws-id-alone.md:6: warning: holds what looks like a credential (aws (AWSAccessKeyID))',
      'guides/aws-sts.md:6: warning: holds what looks like a credential (aws (AWSAccessKeyID))',
    ])
      expect(out).toContain(line);
    for (const value of [AWS_ID, AWS_SECRET.slice(-20), AWS_ID_ALONE, STS_ID, CSV_ID, CSV_SECRET]) expect(out).not.toContain(value);
  });
  it('kb mcp: read_note, search and context hold none of them', async () => {
    const server = await startServer(['--kb', dir, '--today', '2026-10-15']);
    const answers = [
      ...['guides/aws-credentials.md', 'guides/aws-csv.md', 'guides/aws-id-alone.md', 'guides/aws-sts.md'].map((path) => server.call('read_note', { path })),
      server.call('search', { tag: 'deploy' }),
      server.call('search', { keyword: 'AKIA' }),
      server.call('context', { task: 'AWS deploy user credentials, the build account, console export session' }),
    ];
    const text = (await Promise.all(answers)).flatMap(texts).join('\n');
    expect(text).toContain('aws_access_key_id = [redacted: aws]');
    for (const value of [AWS_ID, AWS_SECRET.slice(-20), AWS_ID_ALONE, STS_ID, CSV_ID, CSV_SECRET]) expect(text).not.toContain(value);
  });
});

describe('redacting, not dropping', () => {
  const page = (path: string) => result.bodies.get(path)!;
  it('every note is kept, with the clean ones', () =>
    expect(result.index.notes.map((n) => n.path)).toEqual([
      'guides/aws-credentials.md',
      'guides/aws-csv.md',
      'guides/aws-id-alone.md',
      'guides/aws-sts.md',
      'guides/clean.md',
      'guides/deploy-key.md',
      'guides/disabled-by-comment.md',
      'guides/frontmatter.md',
      'guides/github-token.md',
      'guides/session.md',
      'guides/slack.md',
      'guides/webhook-url.md',
      'references/connection-strings.md',
      'references/database-url.md',
    ]));
  it('the span becomes [redacted: <rule>] and the text around it stays', () => {
    expect(page('guides/webhook-url.md')).toContain('The old hook was\n[redacted: basicauth]/hook\nand nobody rotated it.');
    expect(page('guides/github-token.md')).toContain('export GH_TOKEN=[redacted: github]');
    expect(page('guides/session.md')).toContain('Authorization: Bearer [redacted: jwt]');
  });
  it('a multi-line secret keeps the line count, so later lines keep their numbers', () => {
    const body = page('guides/deploy-key.md');
    expect(body).toContain('[redacted: privatekey]\n');
    const note = result.index.notes.find((n) => n.path === 'guides/deploy-key.md')!;
    const hit = runSearch(result.index, { keyword: 'every quarter' }, result.bodies).contentMatches[0];
    const fileLine = readFileSync(join(dir, 'guides/deploy-key.md'), 'utf8').split('\n').indexOf('Rotate it every quarter.') + 1;
    expect([hit?.path, hit?.line]).toEqual([note.path, fileLine]);
  });
  it('in frontmatter: values are redacted, the YAML still reads (title, tags)', () => {
    const note = result.index.notes.find((n) => n.path === 'guides/frontmatter.md')!;
    expect(note.title).toBe('Staging hook [redacted: basicauth]/hook');
    expect(note.tags).toEqual(['ci']);
    expect(note.warnings.join()).not.toMatch(/not valid YAML/);
  });
  it('placeholders and dev defaults are left as written, no warning', () => {
    for (const p of PLACEHOLDERS) expect(page('references/connection-strings.md')).toContain(p);
    expect(result.issues.filter((i) => i.file === 'references/connection-strings.md').map((i) => i.line)).toEqual([15]);
  });
  it('… and named only among the notices (kb --verbose)', () =>
    expect(result.reading.notices.filter((n) => n.file === 'references/connection-strings.md').map((n) => [n.line, n.message])).toEqual([
      [8, 'looks like a placeholder (database-connection-string (PostgreSQLConnection): the password is a placeholder), left as is.'],
      [9, 'looks like a placeholder (database-connection-string (PostgreSQLConnection): the password is a placeholder), left as is.'],
      [10, 'looks like a placeholder (database-connection-string (PostgreSQLConnection): the host is 127.0.0.1, this machine), left as is.'],
      [11, 'looks like a placeholder (database-connection-string (PostgreSQLConnection): the password is a placeholder), left as is.'],
    ]));
  it('a credential silenced with a secretlint-disable comment is left as written', () =>
    expect(page('guides/disabled-by-comment.md')).toContain('https://demo:demopassword@localhost/'));
  it('the counts still add up and nothing is excluded for a secret', () => {
    const c = result.counts;
    expect(c.indexed + c.warned + c.ideas + c.unpublished + c.excluded).toBe(c.filesSeen);
    expect(c.excludedByRule.secret).toBeUndefined();
  });
});

describe('every CLI output', () => {
  const run = async (...argv: string[]) => {
    const io = captureIo(process.cwd());
    const code = await main([...argv, '--kb', dir], io);
    return { code, text: [...io.stdout, ...io.stderr].join('\n') };
  };
  it.each([
    ['kb query --load all', ['query', 'ci', 'deploy', 'database', 'auth', '--load', 'all']],
    ['kb context (AWS)', ['context', '--task', 'AWS deploy user credentials, the build account, console export session']],
    ['kb query --load all --json', ['query', 'ci', 'deploy', 'database', 'auth', '--load', 'all', '--json']],
    ['kb search', ['search', 'hook']],
    ['kb context', ['context', '--task', 'rotate the CI webhook, deploy key, github token, slack bot and database url']],
    ['kb context --json', ['context', '--task', 'rotate the CI webhook and deploy key', '--json']],
    ['kb check --json --verbose', ['check', '--json', '--verbose']],
    ['kb index --json', ['index', '--json', '--out', join(dir, '..', 'out')]],
  ])('%s holds no secret', async (_name, argv) => {
    const r = await run(...argv);
    expect(r.code).toBeLessThan(2);
    for (const secret of SECRETS) expect(r.text).not.toContain(secret);
  });
  it('kb query --load prints the redacted text (it re-reads the file), placeholders as written', async () => {
    const r = await run('query', 'database', '--load', 'all');
    expect(r.text).toContain('DATABASE_URL=[redacted: database-connection-string]');
    expect(r.text).toContain(PLACEHOLDERS[0]);
  });
  it('kb index says "looks like a placeholder, left as is" only with --verbose', async () => {
    const quiet = await run('index', '--out', join(dir, '..', 'out'));
    const verbose = await run('index', '--out', join(dir, '..', 'out'), '--verbose');
    expect(quiet.text).not.toContain('placeholder');
    expect(verbose.text).toContain('references/connection-strings.md:8: note: looks like a placeholder');
  });
});

describe('the policy', () => {
  it('allowSecrets publishes every finding as written, each with a secret-allowed warning', () => {
    const allowed = indexKnowledgeFolder(dir, { allowSecrets: true });
    expect(allowed.issues.filter((i) => i.code === 'secret-allowed')).toHaveLength(REAL.length);
    expect(allowed.issues.filter((i) => i.code === 'secret')).toEqual([]);
    expect(allowed.bodies.get('guides/webhook-url.md')).toContain('S3cr3tPassw0rd');
  });
  it('config secrets.allow leaves matches as written, silently: a regex and literal text', () => {
    const d = copyFixture('secrets-basic');
    writeFileSync(join(d, 'kb.config.yaml'), 'secrets:\n  allow: ["/hunter2/", "S3cr3tPassw0rd"]\n');
    const r = indexKnowledgeFolder(d);
    expect(r.bodies.get('references/database-url.md')).toContain('hunter2secret');
    expect(r.bodies.get('guides/webhook-url.md')).toContain('S3cr3tPassw0rd');
    expect(r.bodies.get('references/connection-strings.md')).toContain('[redacted: database-connection-string]');
    expect(r.issues.filter((i) => i.code === 'secret').map((i) => i.file)).toEqual(['references/connection-strings.md']);
    expect(r.reading.notices.filter((n) => n.code === 'secret-allow-listed').map((n) => n.file)).toEqual([
      'guides/webhook-url.md',
      'references/database-url.md',
    ]);
  });
  it('a secrets.allow regex that does not compile is a config error naming it', () => {
    const d = copyFixture('secrets-basic');
    writeFileSync(join(d, 'kb.config.yaml'), 'secrets:\n  allow: ["/(unclosed/"]\n');
    expect(() => indexKnowledgeFolder(d)).toThrow(/secrets\.allow\.0: \/\(unclosed\/ is not a valid regular expression/);
  });
  it.each([
    [true, {}, true],
    [undefined, { KB_ALLOW_SECRETS: '1' }, true],
    [undefined, { KB_ALLOW_SECRETS: '0' }, false],
    [undefined, {}, false],
  ])('allowSecretsFrom(flag %s, env %j) is %s', (flag, env, allowed) => expect(allowSecretsFrom(flag, { env })).toBe(allowed));
  it('publishedText applies the reading’s policy to any file of the folder', () => {
    expect(publishedText(result.reading, 'guides/webhook-url.md')).toContain('[redacted: basicauth]/hook');
    expect(publishedText(indexKnowledgeFolder(dir, { allowSecrets: true }).reading, 'guides/webhook-url.md')).toContain('S3cr3tPassw0rd');
    expect(publishedText(result.reading, 'no/such/file.md')).toBeUndefined();
  });
});

// One row per placeholder rule of issue 17 (and the real values next to them): placeholderReason(rule, flagged text).
describe.each<[string, string, string, string | undefined]>([
  ['angle-bracket slots', 'database-connection-string', 'postgresql://<user>:<password>@host/postgres', 'the password is a placeholder'],
  ['slots everywhere', 'database-connection-string', 'postgres://<user>:<pass>@<host>/db', 'the password is a placeholder'],
  ['the local Postgres default', 'database-connection-string', 'postgres://postgres:postgres@127.0.0.1:54322/postgres', 'the host is 127.0.0.1, this machine'],
  ['localhost, any password', 'database-connection-string', 'postgres://app:Xk9f2LmQ7pZr@localhost:5432/app', 'the host is localhost, this machine'],
  ['IPv6 loopback', 'basicauth', 'http://admin:Xk9f2LmQ7pZr@[::1]', 'the host is [::1], this machine'],
  ['a *.localhost name', 'basicauth', 'https://u:Xk9f2LmQ7pZr@api.localhost', 'the host is api.localhost, this machine'],
  ['a dev default password on any host', 'database-connection-string', 'postgres://postgres:postgres@db/app', 'the password is a placeholder'],
  [
    'spelled out: a-secret-password',
    'database-connection-string',
    'postgresql://account-api-user-20260121:a-secret-password@hostname/x',
    'the password is a placeholder',
  ],
  ['spelled out: your-token-here', 'basicauth', 'https://user:your-token-here@example.com', 'the password is a placeholder'],
  ['spelled out in camel case', 'basicauth', 'https://user:yourPasswordHere@example.com', 'the password is a placeholder'],
  ['${VAR}', 'database-connection-string', 'mysql://app:${DB_PASSWORD}@db:3306/app', 'the password is a placeholder'],
  ['$VAR', 'basicauth', 'https://ci:$CI_TOKEN@ci.example.com', 'the password is a placeholder'],
  ['{{template}}', 'basicauth', 'https://ci:{{ci_token}}@ci.example.com', 'the password is a placeholder'],
  ['%VAR%', 'basicauth', 'https://ci:%CI_TOKEN%@ci.example.com', 'the password is a placeholder'],
  ['percent-encoded slot', 'basicauth', 'https://ci:%3Cpassword%3E@ci.example.com', 'the password is a placeholder'],
  ['xxx…', 'database-connection-string', 'postgres://app:xxxxxxxx@db.example.com/app', 'the password is a placeholder'],
  ['all the same character', 'basicauth', 'https://app:********@ci.example.com', 'the password is a placeholder'],
  ['changeme', 'database-connection-string', 'postgres://app:changeme@db.example.com/app', 'the password is a placeholder'],
  ['example', 'basicauth', 'https://demo:example@ci.example.com', 'the password is a placeholder'],
  ['a real-looking password', 'database-connection-string', 'postgres://admin:hunter2secret@db.internal.example.com:5432/app', undefined],
  ['a real-looking password in camel case', 'basicauth', 'https://deploy:S3cr3tPassw0rd@ci.example.com', undefined],
  ['placeholder words with digits are not placeholders', 'basicauth', 'https://deploy:password123@ci.example.com', undefined],
  ['two characters are not a pattern', 'basicauth', 'https://deploy:zz@ci.example.com', undefined],
  ['an @ in the password reads it short: redacted', 'basicauth', 'https://deploy:p@localhost@ci.example.com', undefined],
  ['token rules are never placeholders (AWS, GitHub, Slack, keys, JWTs)', 'github', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', undefined],
  ['… a private key either', 'privatekey', '-----BEGIN RSA PRIVATE KEY-----\nexample\n-----END RSA PRIVATE KEY-----', undefined],
])('placeholderReason: %s', (_case, rule, value, reason) => {
  it(`${value.slice(0, 60)} → ${reason ?? 'real'}`, () => expect(placeholderReason(rule, value)).toBe(reason));
});

describe('looksLikePlaceholder', () => {
  it.each(['', '<password>', '[password]', '{password}', '$(pass)', '...', 'XXXX-XXXX', 'my_secret', 'insert-api-key-here', 'TODO'])('%j is one', (v) =>
    expect(looksLikePlaceholder(v)).toBe(true),
  );
  it.each(['hunter2', 'Tr0ub4dor&3', 'correct-horse-battery-staple', 'secret2024', 'abc'])('%j is not', (v) => expect(looksLikePlaceholder(v)).toBe(false));
});

describe('redactSpans', () => {
  const f = (start: number, end: number, rule = 'basicauth') => ({ line: 1, rule, kind: rule, start, end });
  it.each([
    ['one span', 'a SECRET b', [f(2, 8)], 'a [redacted: basicauth] b'],
    ['overlapping spans become one marker, named after the first', 'a SECRET b', [f(2, 6), f(4, 8, 'github')], 'a [redacted: basicauth] b'],
    ['line breaks inside are kept', 'a SE\nCR\nET b', [f(2, 10, 'privatekey')], 'a [redacted: privatekey]\n\n b'],
    ['an offset for a part of the file', 'SECRET!', [f(12, 18)], '[redacted: basicauth]!'],
  ])('%s', (_case, text, findings, expected) => expect(redactSpans(text, findings, _case.startsWith('an offset') ? 12 : 0)).toBe(expected));
  it('judgeSecret: a literal allow entry may cover the span or lie inside it', () => {
    const text = 'see https://deploy:Zk3pLq9x@h.example.com/hook now';
    const [finding] = scanSecrets(text, '/x.md');
    const verdict = (allow: string[]) => judgeSecret(text, finding!, { allowAll: false, allow: secretAllowList(allow) }).action;
    expect([verdict([]), verdict(['Zk3pLq9x']), verdict(['https://deploy:Zk3pLq9x@h.example.com/hook']), verdict(['/Zk3p.*/']), verdict(['other'])]).toEqual([
      'redact',
      'allow-listed',
      'allow-listed',
      'allow-listed',
      'redact',
    ]);
  });
});

// scanSecrets drives the preset's rules synchronously; it must find exactly what Secretlint's own lintSource finds
// (the JWT rule is ours: Secretlint's preset has none).
describe('scanSecrets agrees with @secretlint/core lintSource', () => {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] };
  it('has files to compare', () => expect(files.length).toBeGreaterThan(5));
  it.each(files)('%s', async (file) => {
    const abs = join(dir, file);
    const content = readFileSync(abs, 'utf8');
    const official = await lintSource({ source: { content, filePath: abs, ext: '.md', contentType: 'text' }, options: { config, maskSecrets: true } });
    const theirs = official.messages
      .filter((m) => !m.ruleId.endsWith('-aws'))
      .map((m) => ({
        line: m.loc.start.line,
        kind: `${m.ruleId.replace(/^@secretlint\/secretlint-rule-/, '')} (${m.messageId})`,
        start: m.range[0],
        end: m.range[1],
      }));
    // Ours: the JWT, Stripe and Google API key rules, AWS credentials whole (ids, and values beside or only partly
    // covered), and private keys the preset's rule leaves out.
    const ours = scanSecrets(content, abs)
      .filter((f) => !['jwt', 'aws', 'stripe', 'google-api-key'].includes(f.rule) && f.kind !== 'privatekey (PrivateKeyInText)')
      .map(({ line, kind, start, end }) => ({ line, kind, start, end }));
    expect(ours).toEqual(theirs);
    expect(relative(dir, abs)).toBe(file);
  });
  it('finds a JWT', () => expect(scanSecrets(`token: ${JWT}\n`, '/x.md')).toMatchObject([{ line: 1, rule: 'jwt', start: 7, end: 7 + JWT.length }]));
});

// Rules of our own beside the preset (issue 24's stop: found publishing linked text attachments): credentials common in
// runbooks that Secretlint's preset does not report, and private keys its rule leaves out. One row per rule.
describe('credentials the preset does not report', () => {
  const ed25519 = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  const quoted = (pem: string) =>
    pem
      .trim()
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
  const STRIPE_KEY = `sk_live_${token(ALNUM, 24)}`;
  const RESTRICTED = `rk_test_${token(ALNUM, 99)}`;
  const WEBHOOK = `whsec_${token(ALNUM, 32)}`;
  const GOOGLE = `AIza${token(`${ALNUM}_-`, 35)}`;
  it.each<[string, string, string, string]>([
    ['a Stripe secret key', `STRIPE_SECRET_KEY=${STRIPE_KEY}`, 'stripe (StripeSecretKey)', STRIPE_KEY],
    ['a Stripe restricted key, long', `key: ${RESTRICTED}`, 'stripe (StripeSecretKey)', RESTRICTED],
    ['a Stripe webhook secret', `signing secret ${WEBHOOK}`, 'stripe (StripeWebhookSecret)', WEBHOOK],
    ['a Google API key', `maps key ${GOOGLE}.`, 'google-api-key (GoogleAPIKey)', GOOGLE],
    ['an RSA key in a callout', `> [!danger] Deploy key\n${quoted(privateKey)}`, 'privatekey (PrivateKeyInText)', quoted(privateKey).slice(2)],
    ['an Ed25519 key in PKCS #8 (64 characters of Base64)', ed25519, 'privatekey (PrivateKeyInText)', ed25519.trim()],
  ])('%s', (_rule, text, kind, secret) => {
    const content = `intro\n${text}\nend\n`;
    const found = scanSecrets(content, '/x.md');
    expect(found.map((f) => f.kind)).toEqual([kind]);
    expect(content.slice(found[0]!.start, found[0]!.end)).toBe(secret);
    expect(judgeSecret(content, found[0]!, { allowAll: false, allow: [] })).toEqual({ action: 'redact' });
  });
  it.each([
    ['a Stripe key of x', 'STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx'],
    ['a Google key of X', 'key=AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    ['a key block of x', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n-----END PRIVATE KEY-----'],
  ])('a placeholder: %s is left as written', (_rule, text) => {
    const content = `${text}\n`;
    for (const f of scanSecrets(content, '/x.md')) expect(judgeSecret(content, f, { allowAll: false, allow: [] }).action).toBe('placeholder');
  });
  it.each([
    ['a key block of dots', '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----'],
    ['a key block naming its slot', '> -----BEGIN OPENSSH PRIVATE KEY-----\n> <paste the deploy key here>\n> -----END OPENSSH PRIVATE KEY-----'],
    ['a publishable Stripe key (public by design)', `pk_live_${'a1B2c3D4e5F6g7H8i9J0k1L2'}`],
    ['BEGIN without END', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN'],
  ])('not a credential: %s', (_rule, text) => expect(scanSecrets(`${text}\n`, '/x.md')).toEqual([]));
  it('50,000 BEGIN lines and no END: no finding', () => expect(scanSecrets('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN\n'.repeat(50_000), '/x.md')).toEqual([]));
});
