// Its own module so that the login page can load zod and the schema after it is on screen.
export { loginSchema } from '@campus/contract';
