// /account is the profile screen too (spec §2); its children are screens of their own.
export { default, generateMetadata } from '../profile/page'
