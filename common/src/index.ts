export * from './product';
export * from './catalog';
export * from './contact';
export * from './validation';
export * from './format';
export * from './auth';
export * from './worker-profile';
export * from './employer';
