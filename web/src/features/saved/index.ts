/** What other features use of saved searches: the directories' 'Guardar búsqueda'. */
export { SaveSearchButton } from './SaveSearchButton';
