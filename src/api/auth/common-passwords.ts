// The most common passwords of public breach corpora (lower case), and their usual cores. A password
// is refused when it equals one of these, or is one of these with digits or symbols around it.
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', '123456789', '12345678', '12345', '1234567', '1234567890', '123123', '111111', '000000', '654321',
  '666666', '121212', '112233', '123321', '987654321', '123456789012', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y',
  '1qaz2wsx', '1qaz2wsx3edc', 'zaq12wsx', 'qwerty', 'qwertyuiop', 'qwertyuiopasdfghjkl', 'qwerty123', 'qwertz',
  'qwertzuiop', 'azerty', 'azertyuiop', 'asdfgh', 'asdfghjkl', 'asdf', 'zxcvbnm', 'zxcvbn', 'qazwsx', 'qazwsxedc',
  'abc', 'abcdef', 'abcdefgh', 'abcdefghijkl', 'abcd', 'abc123', 'a1b2c3', 'aa', 'password', 'passwort', 'motdepasse',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'pass', 'pass123', 'password1', 'password123', 'passwordpassword', 'secret',
  'geheim', 'letmein', 'welcome', 'willkommen', 'bienvenue', 'admin', 'administrator', 'admin123', 'root', 'toor',
  'user', 'guest', 'test', 'tester', 'testing', 'changeme', 'changeit', 'default', 'login', 'master', 'hello',
  'helloworld', 'iloveyou', 'ichliebedich', 'jetaime', 'love', 'lovely', 'princess', 'sunshine', 'shadow', 'monkey',
  'dragon', 'football', 'fussball', 'baseball', 'basketball', 'soccer', 'hockey', 'superman', 'batman', 'spiderman',
  'starwars', 'pokemon', 'trustno1', 'whatever', 'freedom', 'flower', 'hunter', 'hunter2', 'killer', 'michael',
  'jennifer', 'jordan', 'charlie', 'thomas', 'daniel', 'robert', 'andrew', 'jessica', 'ashley', 'michelle', 'nicole',
  'anthony', 'joshua', 'matthew', 'summer', 'winter', 'spring', 'autumn', 'january', 'computer', 'internet', 'google',
  'facebook', 'linkedin', 'microsoft', 'apple', 'samsung', 'mustang', 'ferrari', 'porsche', 'chelsea', 'liverpool',
  'arsenal', 'barcelona', 'juventus', 'bayern', 'schalke', 'marseille', 'paris', 'berlin', 'london', 'europe',
  'european', 'europeanalternatives', 'alternatives', 'alternative', 'cheese', 'chocolate', 'cookie', 'pepper',
  'ginger', 'banana', 'orange', 'purple', 'silver', 'golden', 'diamond', 'tigger', 'ranger', 'buster', 'soccer',
  'harley', 'hannah', 'maggie', 'ginger', 'biteme', 'access', 'matrix', 'ninja', 'mercedes', 'yankees', 'dallas',
  'austin', 'thunder', 'taylor', 'cowboys', 'eagles', 'merlin', 'qwerty1', 'zaq1zaq1', 'q1w2e3r4', 'q1w2e3r4t5y6',
  'asdfasdf', 'qweqwe', 'qweasdzxc', 'poiuytreza', 'correcthorsebatterystaple',
];
