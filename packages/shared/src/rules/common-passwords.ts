/**
 * Passwords that top every published leak ranking, written out by hand (lower-case). Small enough to
 * ship to the browser with the registration form, so the form and the server refuse the same ones.
 * Entries shorter than the minimum length are kept: the length rule may change independently.
 */
const LIST = `
123456 123456789 12345678 password qwerty 123123 12345 1234567890 1234567 111111
000000 qwerty123 1q2w3e4r 1q2w3e4r5t abc123 password1 password123 password12 passw0rd p@ssw0rd
p@ssword pa$$word iloveyou admin admin123 administrator welcome welcome1 welcome123 letmein
letmein1 monkey dragon master master123 sunshine princess football baseball basketball soccer
hockey superman batman trustno1 shadow michael jennifer jessica charlie daniel jordan
hunter hunter2 ashley bailey buster freedom whatever qazwsx qazwsxedc 1qaz2wsx zaq12wsx
zxcvbnm zxcvbn asdfgh asdfghjkl qwertyuiop qwertyui qwerty12 qwerty1234 1qazxsw2 q1w2e3r4
q1w2e3r4t5 q1w2e3r4t5y6 aa123456 a1b2c3d4 abcd1234 abcdef abcdefg abcdefgh 11111111 22222222
88888888 99999999 12341234 11223344 123321 654321 987654321 87654321 1234554321 147258369
159753 159357 123654 121212 112233 666666 777777 555555 987654 123qwe 123qweasd 123abc
1234qwer qwer1234 asdf1234 iloveyou1 iloveyou2 lovely loveme love123 mylove fuckyou
fuckyou1 secret secret123 changeme changeme123 default guest guest123 test test123 testing
testtest demo demo123 login login123 access access123 computer internet starwars pokemon
minecraft fortnite cheese cookie chocolate banana orange apple pepper ginger summer winter
spring autumn flower purple yellow silver golden diamond maggie tigger ranger thomas robert
matthew andrew joshua george harley yankees cowboys eagles lakers mustang corvette ferrari
porsche mercedes charlie1 snoopy snowball peanut butterfly angel angel1 blessed jesus jesus1
christ heaven family forever friends nicole samantha michelle amanda liverpool chelsea arsenal
barcelona realmadrid juventus madrid london paris newyork america canada mexico brasil
qwerty123456 password1234 passw0rd1 1password 123456a 123456aa a123456 a12345678 aa12345678
12345a 12345q 12345qwert qwert12345 1234abcd abc12345 abcd12345 00000000 0987654321 7777777
zaq1zaq1 zaq1xsw2 1111111111 123456789a 1234567890a password! password1! qwerty! iloveu
sunshine1 princess1 football1 baseball1 monkey1 dragon1 shadow1 master1 superman1 batman1
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

/** True for a listed password (any case) and for one character repeated ('aaaaaaaa'). */
export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  return COMMON.has(p) || /^(.)\1*$/su.test(p);
}

export const commonPasswordCount = COMMON.size;
