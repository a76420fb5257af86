export { default, generateMetadata } from '../user/privacy/policy/page';
