// /registration is the same screen as /signup (spec §2).
export { default, generateMetadata } from '../signup/page'
