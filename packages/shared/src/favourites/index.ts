export * from './favourites';
