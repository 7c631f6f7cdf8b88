// Default messages in English for every zod schema in the process. Classic zod sets them when it is imported; zod/mini
// (the schemas the web app's first paint uses: listings, favourites, commands) has none, and an issue without a
// message of its own would read "Invalid input". The server's checks import this, so a refusal names what is wrong
// ("Unrecognized key: …", "Too big: …"); the web app does not (its forms give their own messages, and the locale
// would be JavaScript every page pays for).
import * as z from 'zod/mini';

z.config(z.locales.en());
