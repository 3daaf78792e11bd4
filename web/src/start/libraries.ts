/**
 * The second step of the app's start (src/main.tsx): the router and TanStack Query, whose modules'
 * top level runs when this chunk is evaluated, in a task after React's. (Kept although nothing
 * reads it: web/package.json lists it among the modules with side effects.)
 */
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

if (![QueryClient, createBrowserRouter, RouterProvider].every((part) => typeof part === 'function'))
  throw new Error('Las bibliotecas de la aplicación no cargaron.');
